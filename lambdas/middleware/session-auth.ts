import type middy from '@middy/core';
import { UnauthenticatedError } from '../errors';
import { readCookies, sessionCookieName } from './cookies';
import type { AuthMode, RouteContext, RouteEvent } from './route-event';
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
      const found = sessionId ? await ports.repositories.sessions.find(sessionId, ports.now()) : undefined;
      // A session opened before sessions were listed under their author escaped 'sign out everywhere': it
      // counts only while the account is live (one more read, for such sessions only).
      const session =
        found && !found.listedUnderUser && !(await ports.repositories.users.get(found.userId))
          ? undefined
          : found;
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
