import { vi } from 'vitest';

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces `fetch` for one test; `setup-web.ts` puts the real one back after it. */
export function stubFetch(handler: FetchHandler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(handler(String(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function emptyResponse(status = 204): Response {
  return new Response(null, { status });
}

/** A request the server failed: 500 with the API's error body. */
export function serverError(): Response {
  return jsonResponse({ error: 'internal', message: 'Boom.' }, 500);
}

/**
 * A fake server's `handle` for one call: answers `method url` with a fresh copy of `response` and leaves
 * every other request (`undefined`) to the server's defaults.
 */
export function answering(method: string, url: string, response: Response) {
  return (requestUrl: string, init: RequestInit) =>
    (init.method ?? 'GET') === method && requestUrl === url ? response.clone() : undefined;
}

/** The bodies of the requests `fetchMock` saw with `method` to `url`, in order, as sent. */
export function bodiesSent(fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method)
    .map(([, init]) => init?.body);
}

/** A promise the test settles itself, to observe what happens while a request is still pending. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
