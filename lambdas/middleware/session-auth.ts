import type middy from '@middy/core';
import { UnauthenticatedError } from '../errors';
import { readCookies, sessionCookieName } from './cookies';
import type { AuthMode, RouteContext, RouteEvent } from './http-route';
import type { HttpResult } from './responses';

/** Resolves the session cookie to a user id; `required` routes answer 401 without a live session. */
export function sessionAuth(
  mode: AuthMode,
): middy.MiddlewareObj<RouteEvent, HttpResult, Error, RouteContext> {
  return {
    before: async (request) => {
      if (mode === 'none') return;
      const { ports } = request.context;
      const sessionId = readCookies(request.event)[sessionCookieName(ports.config)];
      const session = sessionId ? await ports.repositories.sessions.find(sessionId, ports.now()) : undefined;
      if (session && sessionId) {
        request.context.userId = session.userId;
        request.context.sessionId = sessionId;
        request.context.logger = request.context.logger.child({ userId: session.userId });
        return;
      }
      if (mode === 'required') throw new UnauthenticatedError();
    },
  };
}
