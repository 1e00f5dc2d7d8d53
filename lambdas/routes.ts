/**
 * The one route table. The embedded server mounts every entry; the CDK stack makes one Lambda per entry
 * with exactly the grants its `access` names. A route present in one runtime and not the other is a bug,
 * so nothing else may declare routes.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Queues a handler may send to; each has a worker in `workers` below. */
export type QueueName = 'chapterCreation' | 'export' | 'storyDeletion';

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
  /** Fetches sample covers from the image service named by SAMPLE_IMAGE_URL, when one is configured. */
  sampleImages?: boolean;
}

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway syntax: `/api/stories/{storyId}`; under one of `API_PATH_PREFIXES` (`path-prefixes.ts`). */
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

  // Stories and series (spec §7)
  { method: 'GET', path: '/api/stories', handler: 'http/stories/list-stories', access: { table: 'read' } },
  {
    method: 'POST',
    path: '/api/stories',
    handler: 'http/stories/create-story',
    access: { table: 'readWrite', buckets: { images: 'readWrite' }, sampleImages: true },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}',
    handler: 'http/stories/get-story',
    access: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/full',
    handler: 'http/stories/get-full-story',
    access: { table: 'read' },
  },
  {
    method: 'PUT',
    path: '/api/stories/{storyId}/details',
    handler: 'http/stories/update-story-details',
    access: { table: 'readWrite', buckets: { images: 'readWrite' } },
  },
  {
    method: 'DELETE',
    path: '/api/stories/{storyId}',
    handler: 'http/stories/delete-story',
    access: { table: 'readWrite', buckets: { images: 'readWrite' }, queues: ['storyDeletion'] },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/settings',
    handler: 'http/settings/get-settings',
    access: { table: 'read' },
  },
  {
    method: 'PUT',
    path: '/api/stories/{storyId}/settings',
    handler: 'http/settings/update-settings',
    access: { table: 'readWrite' },
  },
  { method: 'GET', path: '/api/series', handler: 'http/series/list-series', access: { table: 'read' } },
  {
    method: 'GET',
    path: '/api/series/{seriesId}',
    handler: 'http/series/get-series',
    access: { table: 'read' },
  },
  {
    method: 'PUT',
    path: '/api/series/{seriesId}',
    handler: 'http/series/update-series',
    access: { table: 'readWrite', buckets: { images: 'readWrite' } },
  },
  {
    method: 'DELETE',
    path: '/api/series/{seriesId}',
    handler: 'http/series/delete-series',
    access: { table: 'readWrite', buckets: { images: 'readWrite' } },
  },
  {
    method: 'PUT',
    path: '/api/series/{seriesId}/story/{storyId}',
    handler: 'http/series/remove-story-from-series',
    access: { table: 'readWrite' },
  },

  // Chapters (spec §7)
  {
    method: 'POST',
    path: '/api/stories/{storyId}/chapter',
    handler: 'http/chapters/create-chapter',
    access: { table: 'readWrite', queues: ['chapterCreation'] },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/chapters/{chapterId}',
    handler: 'http/chapters/get-chapter',
    access: { table: 'read' },
  },
  {
    method: 'PUT',
    path: '/api/stories/{storyId}/chapters/{chapterId}',
    handler: 'http/chapters/rename-chapter',
    access: { table: 'readWrite' },
  },
  {
    method: 'PUT',
    path: '/api/stories/{storyId}/chapters',
    handler: 'http/chapters/reorder-chapters',
    access: { table: 'readWrite' },
  },
  {
    method: 'DELETE',
    path: '/api/stories/{storyId}/chapter/{chapterId}',
    handler: 'http/chapters/delete-chapter',
    access: { table: 'readWrite' },
  },

  // Chapter content: paragraphs and the editor's block sync (spec §7)
  {
    method: 'GET',
    path: '/api/stories/{storyId}/content',
    handler: 'http/blocks/get-chapter-content',
    access: { table: 'read' },
  },
  {
    method: 'PUT',
    path: '/api/stories/{storyId}',
    handler: 'http/blocks/save-blocks',
    access: { table: 'readWrite' },
  },
  {
    method: 'DELETE',
    path: '/api/stories/{storyId}/block',
    handler: 'http/blocks/delete-blocks',
    access: { table: 'readWrite' },
  },
  {
    method: 'PUT',
    path: '/api/stories/{storyId}/orderMap',
    handler: 'http/blocks/reorder-blocks',
    access: { table: 'readWrite' },
  },

  // Associations (spec §7). Every path under /api/stories names the story `{storyId}`: API Gateway refuses
  // two variable names at one level.
  {
    method: 'GET',
    path: '/api/stories/{storyId}/associations/thumbs',
    handler: 'http/associations/list-association-thumbs',
    access: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/associations/{associationId}',
    handler: 'http/associations/get-association',
    access: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/api/stories/{storyId}/associations',
    handler: 'http/associations/create-associations',
    access: { table: 'readWrite' },
  },
  {
    method: 'PUT',
    path: '/api/stories/{storyId}/associations',
    handler: 'http/associations/update-association',
    access: { table: 'readWrite' },
  },
  {
    method: 'DELETE',
    path: '/api/stories/{storyId}/associations',
    handler: 'http/associations/delete-associations',
    access: { table: 'readWrite', buckets: { images: 'readWrite' } },
  },
  {
    method: 'PUT',
    path: '/api/stories/{storyId}/associations/{associationId}/upload',
    handler: 'http/associations/upload-association-portrait',
    access: { table: 'readWrite', buckets: { images: 'readWrite' } },
  },

  // The story bible (issue 13): story-wide reads and changes of associations.
  {
    method: 'GET',
    path: '/api/stories/{storyId}/associations/{associationId}/appearances',
    handler: 'http/story-bible/get-association-appearances',
    access: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/api/stories/{storyId}/associations/{associationId}/rename',
    handler: 'http/story-bible/rename-association',
    access: { table: 'readWrite' },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/associations/suggestions',
    handler: 'http/story-bible/get-element-suggestions',
    access: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/associations/mentions',
    handler: 'http/story-bible/get-mention-grid',
    access: { table: 'read' },
  },
];

export const workers: WorkerDefinition[] = [
  {
    queue: 'chapterCreation',
    handler: 'workers/chapter-creation-worker',
    access: { table: 'readWrite' },
    batchSize: 10,
    maxReceiveCount: 5,
    timeoutSeconds: 30,
  },
  {
    queue: 'storyDeletion',
    handler: 'workers/story-deletion-worker',
    access: { table: 'readWrite', buckets: { images: 'readWrite' } },
    batchSize: 1,
    maxReceiveCount: 5,
    timeoutSeconds: 300,
  },
];
