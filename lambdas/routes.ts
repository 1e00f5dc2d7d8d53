/**
 * The one route table. The embedded server mounts every entry; the CDK stack makes one Lambda per entry
 * with exactly the grants its `access` names. A route present in one runtime and not the other is a bug,
 * so nothing else may declare routes.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Queues a handler may send to; each has a worker in `workers` below. */
export type QueueName = 'chapterCreation' | 'export';

/** Buckets a handler may touch. */
export type BucketName = 'images' | 'exports';

export type AccessMode = 'read' | 'readWrite';

export interface RouteAccess {
  /** The single DynamoDB table. */
  table?: AccessMode;
  buckets?: Partial<Record<BucketName, AccessMode>>;
  /** Queues the handler sends messages to. */
  queues?: QueueName[];
  /** Needs the OIDC issuer (sign-in). */
  identity?: boolean;
  /** Needs the payment provider's secret key. */
  billing?: boolean;
}

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway syntax: `/api/stories/{storyId}`. */
  path: string;
  /** Module under `lambdas/` (no extension) exporting `handler`. */
  handler: string;
  access: RouteAccess;
}

export interface WorkerDefinition {
  queue: QueueName;
  /** Module under `lambdas/` (no extension) exporting `handler` for SQS events. */
  handler: string;
  access: RouteAccess;
  /** Messages per invocation. */
  batchSize: number;
  /** Deliveries before a message goes to the dead-letter queue. */
  maxReceiveCount: number;
  timeoutSeconds: number;
}

export const routes: RouteDefinition[] = [
  // Sign-in and session
  {
    method: 'GET',
    path: '/auth/{provider}',
    handler: 'http/auth/start-sign-in',
    access: { table: 'readWrite', identity: true },
  },
  {
    method: 'GET',
    path: '/auth/{provider}/callback',
    handler: 'http/auth/finish-sign-in',
    access: { table: 'readWrite', identity: true },
  },
  { method: 'DELETE', path: '/auth/logout', handler: 'http/auth/sign-out', access: { table: 'readWrite' } },

  // User
  { method: 'GET', path: '/api/user', handler: 'http/user/get-user', access: { table: 'read' } },
];

export const workers: WorkerDefinition[] = [];
