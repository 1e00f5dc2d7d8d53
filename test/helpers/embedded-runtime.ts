import { request as httpRequest } from 'node:http';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { userProfileKey } from '../../lambdas/adapters/dynamodb/keys/user-keys';
import { TRASH_RETENTION_DAYS } from '../../shared/schemas/trash';
import {
  startEmbeddedRuntime,
  type EmbeddedRuntime,
  type EmbeddedRuntimeOptions,
} from '../../local/embedded-runtime';

/**
 * The embedded runtime on a free port with in-memory data, as integration tests use it. `webRoot` picks the
 * built web app it serves (by default `web/dist`).
 */
export function startTestRuntime(
  options: Pick<EmbeddedRuntimeOptions, 'webRoot' | 'billing' | 'now'> = {},
): Promise<EmbeddedRuntime> {
  return startEmbeddedRuntime({
    port: 0,
    logLevel: process.env.TEST_LOG_LEVEL === 'debug' ? 'debug' : 'silent',
    retryDelayMs: () => 20,
    // Set by the test run's global setup; benchmarks start their own.
    ...(process.env.TEST_DYNAMODB_ENDPOINT
      ? { sharedDynamoDbEndpoint: process.env.TEST_DYNAMODB_ENDPOINT }
      : {}),
    ...options,
  });
}

/** A tiny browser: keeps cookies per name, follows nothing by itself, sends the app's Origin on writes. */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(path, this.baseUrl);
    const headers = new Headers(init.headers);
    const cookieHeader = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookieHeader) headers.set('cookie', cookieHeader);
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && !headers.has('origin') && url.origin === new URL(this.baseUrl).origin) {
      headers.set('origin', new URL(this.baseUrl).origin);
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const separator = pair!.indexOf('=');
      const name = pair!.slice(0, separator);
      const value = pair!.slice(separator + 1);
      if (/Max-Age=0/i.test(setCookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** A JSON request as the web app sends it: the body serialised, with its content type, when there is one. */
  sendJson(method: string, path: string, body?: unknown): Promise<Response> {
    return this.fetch(path, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
  }

  /** Follows redirects the way a browser would, returning the last response and where it ended. */
  async navigate(path: string, init: RequestInit = {}): Promise<{ response: Response; url: URL }> {
    let url = new URL(path, this.baseUrl);
    let response = await this.fetch(url.href, init);
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops += 1) {
      url = new URL(response.headers.get('location')!, url);
      response = await this.fetch(url.href);
    }
    return { response, url };
  }

  /**
   * Sends the path exactly as written, as curl --path-as-is or a hand-made client would: fetch resolves dot
   * segments (`/a/%2e%2e` becomes `/`) before anything is sent. Answers the status, headers and body text.
   */
  sendRaw(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string | Buffer } = {},
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
    const base = new URL(this.baseUrl);
    const cookieHeader = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const headers: Record<string, string> = {
      ...(cookieHeader ? { cookie: cookieHeader } : {}),
      ...(method !== 'GET' ? { origin: base.origin } : {}),
      ...init.headers,
    };
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        { host: base.hostname, port: base.port, method, path, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(init.body);
    });
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }
}

/** Signs in through the embedded issuer's form, exactly as a person would. */
export async function signIn(
  runtime: Pick<EmbeddedRuntime, 'url'>,
  email: string,
  name = 'Test Author',
  provider: 'google' | 'amazon' | 'microsoftonline' = 'google',
): Promise<TestBrowser> {
  const browser = new TestBrowser(runtime.url);
  const { response, url } = await browser.navigate(`/auth/${provider}`);
  const html = await response.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`No sign-in form at ${url.href}: ${response.status} ${html.slice(0, 200)}`);
  const { url: landedOn } = await browser.navigate(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, name }).toString(),
  });
  if (landedOn.pathname !== '/stories') throw new Error(`Sign-in ended on ${landedOn.href}`);
  return browser;
}

/**
 * A subscriber without going through the payment provider, for tests and benchmarks that need premium features
 * but not billing: the signed-in author's profile gets a subscription paid up for `days` more days (found
 * through their session; one key read and one write); a negative `days` gives a subscription whose paid period
 * ended without the provider having said so yet. Subscribing for real: `POST /billing/subscribe`.
 */
export async function grantSubscription(
  runtime: Pick<EmbeddedRuntime, 'ports' | 'database'>,
  sessionId: string,
  days = 30,
): Promise<void> {
  const { database } = runtime;
  const now = runtime.ports.now();
  const session = await runtime.ports.repositories.sessions.find(sessionId, now);
  if (!session) throw new Error('No live session to grant a subscription to.');
  const expiresAt = Math.floor(now.getTime() / 1000) + days * 24 * 60 * 60;
  await database.client.send(
    new UpdateCommand({
      TableName: database.tableName,
      Key: userProfileKey(session.userId),
      UpdateExpression:
        'SET subscription_id = :subscription, renewing = :renewing, expired = :expired, expires_at = :expiresAt',
      ExpressionAttributeValues: {
        ':subscription': 'sub_test',
        ':renewing': true,
        ':expired': false,
        ':expiresAt': String(expiresAt),
      },
    }),
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A clock a test moves: the runtime's `now` is the real time plus an offset. */
export function movableClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advanceDays(days: number) {
      offsetMs += days * DAY_MS;
    },
  };
}

/**
 * Runs the scheduled trash purge as it would run a day after the retention period, waits for the deletions it
 * queued, and sets the clock back (sessions would have expired). The purge remembers the last day it finished,
 * so one runtime should do this once.
 */
export async function purgeTrashAfterRetention(
  runtime: Pick<EmbeddedRuntime, 'runScheduledJobs' | 'queue'>,
  clock: ReturnType<typeof movableClock>,
): Promise<void> {
  clock.advanceDays(TRASH_RETENTION_DAYS + 1);
  try {
    await runtime.runScheduledJobs();
    await runtime.queue.drain();
  } finally {
    clock.advanceDays(-(TRASH_RETENTION_DAYS + 1));
  }
}

/** Every item of one partition of the runtime's table, read beneath the repositories. */
export async function partitionItems(
  runtime: Pick<EmbeddedRuntime, 'database'>,
  partitionKey: string,
): Promise<Record<string, unknown>[]> {
  const { Items } = await runtime.database.client.send(
    new QueryCommand({
      TableName: runtime.database.tableName,
      KeyConditionExpression: 'PK = :partition',
      ExpressionAttributeValues: { ':partition': partitionKey },
    }),
  );
  return Items ?? [];
}
