import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  /** Query and form fields as Stripe's SDK encodes them, e.g. `items[0][price]`. */
  params: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface FakeResponse {
  status?: number;
  body: unknown;
}

/** Answers by `"<METHOD> <path>"`, e.g. `"POST /v1/customers"`. */
export type FakeRoutes = Record<string, (request: RecordedRequest) => FakeResponse>;

/** Stripe's error body for an unknown object. */
export const missing = (message = 'No such object') => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message } },
});

/**
 * A stand-in for api.stripe.com on 127.0.0.1: answers JSON in the shapes Stripe records for its API version, and
 * keeps every request for the test to inspect. Nothing leaves the machine.
 */
export async function startFakeStripe(routes: FakeRoutes) {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const params = new URLSearchParams(url.search);
      new URLSearchParams(Buffer.concat(chunks).toString('utf8')).forEach((value, key) =>
        params.append(key, value),
      );
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        params,
        headers: incoming.headers,
      };
      requests.push(request);
      const route = routes[`${request.method} ${request.path}`];
      const response = route ? route(request) : missing(`No route for ${request.method} ${request.path}`);
      outgoing.writeHead(response.status ?? 200, {
        'content-type': 'application/json',
        'request-id': 'req_test',
      });
      outgoing.end(JSON.stringify(response.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    /** The requests to one route, in order. */
    requestsTo(route: string) {
      return requests.filter((request) => `${request.method} ${request.path}` === route);
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
