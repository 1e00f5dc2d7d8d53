import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { decodePathSegment } from '../lambdas/middleware/request-path';
import type { HttpMethod, RouteDefinition } from '../lambdas/routes';

/** API Gateway HTTP APIs refuse payloads over 10 MB; the embedded runtime does the same. */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

export type HttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

interface CompiledRoute {
  definition: RouteDefinition;
  pattern: RegExp;
  parameterNames: string[];
  literalSegments: number;
}

export interface RouteMatch {
  definition: RouteDefinition;
  pathParameters: Record<string, string>;
}

/**
 * Matches paths the way API Gateway does: `{name}` takes one segment, the most literal route wins, and a
 * trailing slash makes another path (`/api/stories/1/` is not `/api/stories/{storyId}`).
 */
export function compileRoutes(definitions: RouteDefinition[]) {
  const compiled: CompiledRoute[] = definitions.map((definition) => {
    const parameterNames: string[] = [];
    const segments = definition.path.split('/').filter(Boolean);
    const pattern = segments
      .map((segment) => {
        const parameter = /^\{(\w+)\}$/.exec(segment);
        if (parameter) {
          parameterNames.push(parameter[1]!);
          return '([^/]+)';
        }
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    return {
      definition,
      pattern: new RegExp(`^/${pattern}$`),
      parameterNames,
      literalSegments: segments.length - parameterNames.length,
    };
  });
  compiled.sort((a, b) => b.literalSegments - a.literalSegments);

  return {
    match(method: string, path: string): RouteMatch | undefined {
      for (const route of compiled) {
        if (route.definition.method !== (method.toUpperCase() as HttpMethod)) continue;
        const found = route.pattern.exec(path);
        if (!found) continue;
        const values = route.parameterNames.map((_, index) => decodePathSegment(found[index + 1]!));
        if (values.some((value) => value === undefined)) return undefined;
        const pathParameters = Object.fromEntries(
          route.parameterNames.map((name, index) => [name, values[index]!]),
        );
        return { definition: route.definition, pathParameters };
      }
      return undefined;
    },
  };
}

/**
 * A body over the limit is still read, and thrown away, up to this many bytes more, so the client has sent it
 * all when its 413 comes: an answer arriving while a client is still writing, on a connection then closed, can
 * reach it as a reset instead (a `PUT` of 100,000 associations, once in two runs).
 */
export const MAX_DISCARDED_BYTES = 64 * 1024 * 1024;

export interface BodyLimits {
  /** Bytes a body may have. */
  limit: number;
  /** Bytes past the limit read and thrown away before the 413. */
  discardLimit: number;
}

/**
 * The request's body; for a body over the limit, answers 413 `payload_too_large` itself and resolves undefined.
 * The 413 is sent once the whole body has been read (the connection stays open for the next request), or, for
 * a body longer than the limit and the discarded bytes together, with `Connection: close`, then the connection
 * is closed: the client learns why either way.
 */
export function readBodyOrRefuse(
  request: IncomingMessage,
  response: ServerResponse,
  { limit, discardLimit }: BodyLimits = { limit: MAX_PAYLOAD_BYTES, discardLimit: MAX_DISCARDED_BYTES },
): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const refuse = (closeConnection: boolean) => {
      settled = true;
      const text = JSON.stringify({ error: 'payload_too_large', message: 'The request is too large.' });
      response.writeHead(413, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
        ...(closeConnection ? { connection: 'close' } : {}),
      });
      response.end(text);
      resolve(undefined);
    };
    request.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit + discardLimit) refuse(true);
      else if (size > limit) chunks = [];
      else chunks.push(chunk);
    });
    request.on('end', () => {
      if (settled) return;
      if (size > limit) refuse(false);
      else {
        settled = true;
        resolve(Buffer.concat(chunks));
      }
    });
    request.on('error', (error) => {
      if (!settled) reject(error);
    });
  });
}

/** API Gateway passes text bodies as strings and everything else (images, multipart) base64-encoded. */
function isTextContent(contentType: string | undefined) {
  return !!contentType && /^(application\/(json|x-www-form-urlencoded)|text\/)/i.test(contentType);
}

export function toApiGatewayEvent(
  request: IncomingMessage,
  url: URL,
  body: Buffer,
  match: RouteMatch,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const cookies = request.headers.cookie
    ?.split(';')
    .map((cookie) => cookie.trim())
    .filter(Boolean);
  const queryStringParameters: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    queryStringParameters[name] = queryStringParameters[name]
      ? `${queryStringParameters[name]},${value}`
      : value;
  }
  const text = isTextContent(headers['content-type']);
  const now = new Date();
  const routeKey = `${match.definition.method} ${match.definition.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(url.searchParams.size > 0 ? { queryStringParameters } : {}),
    ...(Object.keys(match.pathParameters).length > 0 ? { pathParameters: match.pathParameters } : {}),
    ...(body.length > 0 ? { body: body.toString(text ? 'utf8' : 'base64') } : {}),
    isBase64Encoded: body.length > 0 && !text,
    requestContext: {
      accountId: '000000000000',
      apiId: 'embedded',
      domainName: url.host,
      domainPrefix: url.hostname.split('.')[0] ?? '',
      http: {
        method: match.definition.method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: request.headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
  };
}

export function lambdaContext(functionName: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/local/${functionName}`,
    logStreamName: 'embedded',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Lambda refuses a response whose invocation JSON exceeds 6 MB; the embedded runtime does the same. */
export const MAX_RESPONSE_PAYLOAD_BYTES = 6 * 1024 * 1024;

/**
 * Writes the handler's result as API Gateway would. A result too large for Lambda answers what API Gateway
 * answers when the invocation fails (500), so an answer that could not leave AWS cannot pass here either.
 */
export function writeApiGatewayResult(response: ServerResponse, result: APIGatewayProxyStructuredResultV2) {
  if (Buffer.byteLength(JSON.stringify(result)) > MAX_RESPONSE_PAYLOAD_BYTES) {
    const body = JSON.stringify({ message: 'Internal Server Error' });
    response.writeHead(500, { 'content-type': 'application/json', 'content-length': String(body.length) });
    response.end(body);
    return;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body
    ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8')
    : Buffer.alloc(0);
  headers['content-length'] = String(body.length);
  response.writeHead(result.statusCode ?? 200, headers);
  response.end(body);
}
