import type middy from '@middy/core';
import { ForbiddenError } from '../errors';
import type { RouteContext, RouteEvent } from './route-event';
import type { HttpResult } from './responses';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request protection for cookie-authenticated calls: a state-changing request must come from the
 * app's own origin. Browsers send `Origin` (and `Sec-Fetch-Site`) on every such request; a request with
 * neither did not come from a browser page and carries no ambient cookie risk.
 */
export function isCrossSiteRequest(
  method: string,
  headers: Record<string, string | undefined>,
  appOrigin: string,
) {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = headers.origin;
  if (origin !== undefined) return origin !== new URL(appOrigin).origin;
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  return false;
}

/** `enabled` false: the route's caller is no browser and proves itself otherwise (a signed webhook). */
export function originCheck(
  enabled = true,
): middy.MiddlewareObj<RouteEvent, HttpResult, Error, RouteContext> {
  return {
    before: async (request) => {
      if (!enabled) return;
      const { event, context } = request;
      if (
        isCrossSiteRequest(
          event.requestContext.http.method,
          event.headers ?? {},
          context.ports.config.APP_ORIGIN,
        )
      ) {
        throw new ForbiddenError('Cross-site requests are not allowed.');
      }
    },
  };
}
