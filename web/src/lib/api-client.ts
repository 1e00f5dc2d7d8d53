/**
 * The one way the app talks to its own server: same-origin cookies, JSON (or multipart) in, JSON out,
 * and every failure surfaced as an `ApiError`. Foreground calls count towards the loading overlay.
 */
import { READ_REQUEST_INIT, takeEarlyRead } from './early-reads';
import { type QueryParameters, withQuery } from './request-url';
import { keepRead, recallRead } from './offline/kept-reads';
import { trackPending } from './pending-requests';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A failed call. `status` 0 means the server could not be reached at all. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** Stable machine code from the server's `{ "error": code }` body, or `http_<status>` without one. */
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export interface RequestOptions {
  /** Query-string parameters; `undefined` values are left out. */
  query?: QueryParameters;
  /** Background calls (autosave, polling) do not raise the loading overlay. */
  background?: boolean;
  /** Lets the request outlive the page, as the autosave flush on unload needs. */
  keepalive?: boolean;
  signal?: AbortSignal;
  /**
   * A read that opens the app offline (issue 26 §1): its answer is kept on this device, and given back when the
   * server cannot be reached. `storyId` names the story it belongs to. On a write (a PUT answering the resource
   * as a read of the same address would), the answer replaces the kept read, so offline the page shows what was
   * saved rather than what was read before; a write that cannot reach the server still fails.
   */
  keepOffline?: { storyId?: string };
}

interface RequestInput extends RequestOptions {
  method: HttpMethod;
  /** A `FormData` goes out as multipart; anything else other than `undefined` as JSON. */
  body?: unknown;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  // The browser writes the multipart boundary into Content-Type itself; setting it here would break it.
  if (body instanceof FormData) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

/** Marks a body that was cut off or is not the JSON its Content-Type promised. */
const UNREADABLE = Symbol('unreadable');

async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return UNREADABLE;
  }
  if (text === '') return undefined;
  const contentType = response.headers.get('Content-Type') ?? '';
  if (!contentType.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return UNREADABLE;
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof fields.error === 'string' ? fields.error : `http_${response.status}`;
  const message =
    typeof fields.message === 'string' ? fields.message : `Request failed with status ${response.status}.`;
  return new ApiError(response.status, code, message);
}

async function send(path: string, input: RequestInput): Promise<unknown> {
  // Every call asks as a read does, so a read the page's first script started can stand in for one.
  const headers = new Headers(READ_REQUEST_INIT.headers);
  const init: RequestInit = {
    method: input.method,
    headers,
    body: encodeBody(input.body, headers),
    credentials: READ_REQUEST_INIT.credentials,
    keepalive: input.keepalive ?? false,
    signal: input.signal ?? null,
  };

  const url = withQuery(path, input.query);
  const { keepOffline } = input;
  let response: Response;
  try {
    // A read the page's first script started for this address stands in for it (issue 26 §3).
    response = await ((input.method === 'GET' && takeEarlyRead(url)) || fetch(url, init));
  } catch (error) {
    // An abort is the caller's own decision, not a failure to report.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const kept = input.method === 'GET' && keepOffline && (await recallRead(url));
    if (kept) return kept.body;
    throw new ApiError(0, 'network_error', 'The server could not be reached.');
  }

  const body = await readBody(response);
  // A failed call with an unreadable body is still reported as that failure, not as a parse error.
  if (!response.ok) throw toApiError(response, body);
  if (body === UNREADABLE) {
    throw new ApiError(
      response.status,
      'invalid_response',
      'The server sent a response that could not be read.',
    );
  }
  if (keepOffline) keepRead(url, body, keepOffline.storyId);
  return body;
}

/**
 * Sends one request to the app's own server and resolves with the parsed response (`undefined` for an
 * empty body). The type parameter is the caller's statement of the response shape; it is not checked.
 */
function apiRequest<T = unknown>(path: string, input: RequestInput): Promise<T> {
  const request = send(path, input) as Promise<T>;
  return input.background ? request : trackPending(request);
}

export const api = {
  get: <T = unknown>(path: string, options: RequestOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options: RequestOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options: RequestOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options: RequestOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, body?: unknown, options: RequestOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};
