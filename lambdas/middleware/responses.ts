import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type HttpResult = APIGatewayProxyStructuredResultV2 & { statusCode: number };

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function json(statusCode: number, body: unknown, options: { cookies?: string[] } = {}): HttpResult {
  return {
    statusCode,
    headers: { ...jsonHeaders },
    body: JSON.stringify(body),
    ...(options.cookies ? { cookies: options.cookies } : {}),
  };
}

export function ok(body: unknown, options: { cookies?: string[] } = {}): HttpResult {
  return json(200, body, options);
}

export function noContent(options: { cookies?: string[] } = {}): HttpResult {
  return {
    statusCode: 204,
    headers: { 'cache-control': 'no-store' },
    ...(options.cookies ? { cookies: options.cookies } : {}),
  };
}

export function redirect(
  location: string,
  options: { cookies?: string[]; statusCode?: 302 | 303 } = {},
): HttpResult {
  return {
    statusCode: options.statusCode ?? 302,
    headers: { location, 'cache-control': 'no-store' },
    ...(options.cookies ? { cookies: options.cookies } : {}),
  };
}
