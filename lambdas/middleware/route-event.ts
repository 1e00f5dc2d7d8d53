import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { Logger } from '../logger';
import type { Ports } from '../ports';

/** What every middleware of a route sees: the event, and the context the route's middlewares fill in. */
export type RouteEvent = APIGatewayProxyEventV2;

export interface RouteContext extends Context {
  ports: Ports;
  logger: Logger;
  userId?: string;
  sessionId?: string;
  input: { body: unknown; query: unknown; params: unknown };
}

export type AuthMode = 'required' | 'optional' | 'none';
