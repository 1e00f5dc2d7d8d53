import middy from '@middy/core';
import type { z } from 'zod';
import { getPorts } from '../composition';
import { UnsupportedMediaTypeError, ValidationError } from '../errors';
import { readCookies } from './cookies';
import { compressResponse } from './compression';
import { errorHandler } from './error-handler';
import { originCheck } from './origin-check';
import { DOT_SEGMENT_MESSAGE, hasDotSegment } from './request-path';
import type { Logger } from '../logger';
import type { Ports } from '../ports';
import type { HttpResult } from './responses';
import type { AuthMode, RouteContext, RouteEvent } from './route-event';
import { sessionAuth } from './session-auth';

type Output<TSchema> = TSchema extends z.ZodType ? z.output<TSchema> : undefined;

export interface RouteRequest<TBody, TQuery, TParams, TUser> {
  body: TBody;
  query: TQuery;
  params: TParams;
  userId: TUser;
  sessionId: string | undefined;
  cookies: Record<string, string>;
  ports: Ports;
  logger: Logger;
  event: RouteEvent;
}

export interface RouteOptions<TBody, TQuery, TParams, TAuth extends AuthMode> {
  auth: TAuth;
  /**
   * Skips the cross-site check, for a route that browsers never call and whose caller proves itself
   * otherwise (the payment provider's signed webhook). Only with `auth: 'none'`: no cookie is trusted there.
   */
  crossSite?: TAuth extends 'none' ? 'allowed' : never;
  /** JSON body schema. Routes taking multipart bodies leave it out and parse `event` themselves. */
  body?: TBody;
  query?: TQuery;
  params?: TParams;
  handle(
    request: RouteRequest<
      Output<TBody>,
      Output<TQuery>,
      Output<TParams>,
      TAuth extends 'required' ? string : string | undefined
    >,
  ): Promise<HttpResult>;
}

/** Decodes the raw body, which API Gateway base64-encodes when it is not text. */
export function rawBody(event: RouteEvent): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

function parseJsonBody(event: RouteEvent): unknown {
  const body = rawBody(event);
  if (body.length === 0) return undefined;
  const contentType = event.headers?.['content-type'] ?? '';
  if (!/^application\/json\b/i.test(contentType)) {
    throw new UnsupportedMediaTypeError('The request body must be JSON (Content-Type: application/json).');
  }
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new ValidationError('The request body is not valid JSON.');
  }
}

function validate(schema: z.ZodType | undefined, value: unknown, part: string): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: [part, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw new ValidationError(issues[0]?.message ?? `Invalid ${part}.`, issues);
}

/**
 * Every HTTP handler is built here, so each gets the same pipeline: ports and a request logger, error
 * mapping, refusal of dot-segment paths, the cross-site check, session authentication and input validation, in that order;
 * and a large text answer compressed for a caller that accepts it (the first middleware, so its `after` runs last,
 * on the answer as the handler made it).
 */
export function httpRoute<
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TParams extends z.ZodType | undefined = undefined,
  TAuth extends AuthMode = AuthMode,
>(options: RouteOptions<TBody, TQuery, TParams, TAuth>) {
  return middy<RouteEvent, HttpResult, Error, RouteContext>()
    .use(compressResponse())
    .use({
      before: async (request) => {
        const ports = getPorts();
        request.context.ports = ports;
        request.context.logger = ports.logger.child({
          requestId: request.event.requestContext?.requestId ?? request.context.awsRequestId,
          route: request.event.routeKey,
        });
      },
      after: async (request) => {
        request.context.logger.info('request', { status: request.response?.statusCode });
      },
    })
    .use(errorHandler())
    .use({
      // Whatever resolved the dots on the way here, the route was chosen for another path: never run it.
      before: async ({ event }) => {
        if (hasDotSegment(event.rawPath ?? '') || hasDotSegment(event.requestContext?.http?.path ?? '')) {
          throw new ValidationError(DOT_SEGMENT_MESSAGE);
        }
      },
    })
    .use(originCheck(options.crossSite !== 'allowed'))
    .use(sessionAuth(options.auth))
    .use({
      before: async (request) => {
        const { event } = request;
        request.context.input = {
          body: options.body ? validate(options.body, parseJsonBody(event), 'body') : undefined,
          query: validate(options.query, event.queryStringParameters ?? {}, 'query'),
          params: validate(options.params, event.pathParameters ?? {}, 'params'),
        };
      },
    })
    .handler(async (event, context) => {
      const { input } = context;
      return options.handle({
        body: input.body as Output<TBody>,
        query: input.query as Output<TQuery>,
        params: input.params as Output<TParams>,
        userId: context.userId as TAuth extends 'required' ? string : string | undefined,
        sessionId: context.sessionId,
        cookies: readCookies(event),
        // The domain logs through its ports: with the request's logger, each of its lines names the request.
        ports: { ...context.ports, logger: context.logger },
        logger: context.logger,
        event,
      });
    });
}
