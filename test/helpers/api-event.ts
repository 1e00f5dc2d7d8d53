import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { lambdaContext } from '../../local/lambda-bridge';

export interface ApiEventOptions {
  method?: string;
  path?: string;
  routeKey?: string;
  headers?: Record<string, string>;
  cookies?: string[];
  query?: Record<string, string>;
  pathParameters?: Record<string, string>;
  /** An object is sent as JSON with its content type. */
  body?: unknown;
}

/** An API Gateway HTTP API (v2) event, as Lambda receives it. */
export function apiEvent(options: ApiEventOptions = {}): APIGatewayProxyEventV2 {
  const method = options.method ?? 'GET';
  const path = options.path ?? '/api/test';
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (typeof options.body === 'string') body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const query = options.query ?? {};
  return {
    version: '2.0',
    routeKey: options.routeKey ?? `${method} ${path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(query).toString(),
    headers,
    ...(options.cookies ? { cookies: options.cookies } : {}),
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(options.pathParameters ? { pathParameters: options.pathParameters } : {}),
    ...(body !== undefined ? { body } : {}),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'test',
      domainName: 'write.example.com',
      domainPrefix: 'write',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: 'request-1',
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: new Date(0).toUTCString(),
      timeEpoch: 0,
    },
  };
}

export const testContext = (): Context => lambdaContext('test');

export function parseBody(result: { body?: string }): unknown {
  return result.body ? JSON.parse(result.body) : undefined;
}
