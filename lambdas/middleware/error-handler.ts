import type middy from '@middy/core';
import { AppError } from '../errors';
import { describeError } from '../logger';
import type { RouteContext, RouteEvent } from './route-event';
import { json, type HttpResult } from './responses';

/**
 * The one place errors become HTTP: domain errors answer their status, code and message; anything else is
 * logged with its details and answers a generic 500 that reveals nothing.
 */
export function errorHandler(): middy.MiddlewareObj<RouteEvent, HttpResult, Error, RouteContext> {
  return {
    onError: async (request) => {
      const { error } = request;
      const logger = request.context.logger;
      if (error instanceof AppError) {
        if (error.status >= 500) logger?.warn('request answered with a server status', { code: error.code });
        request.response = json(error.status, {
          error: error.code,
          message: error.message,
          ...(error.details === undefined ? {} : { details: error.details }),
        });
        return;
      }
      logger?.error('unhandled error', describeError(error));
      request.response = json(500, { error: 'internal_error', message: 'Something went wrong on our side.' });
    },
  };
}
