/**
 * The one route table. The embedded server mounts every entry; the CDK stack makes one Lambda per entry
 * with exactly the grants its `access` names. A route present in one runtime and not the other is a bug,
 * so nothing else may declare routes.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Queues a handler may send to; each has a worker in `workers` below. */
export type QueueName = 'chapterCreation' | 'export' | 'storyDeletion' | 'storyImport' | 'accountDeletion';

/** Buckets a handler may touch. */
export type BucketName = 'images' | 'exports' | 'versions' | 'uploads';

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

/** A job run on a schedule rather than per request or message. */
export interface ScheduledJobDefinition {
  name: 'trashPurge';
  /** Module under `lambdas/` (no extension) exporting `handler`, called with no input. */
  handler: string;
  access: RouteAccess;
  /** EventBridge's schedule expression (AWS). */
  schedule: string;
  /** How often the embedded runtime runs it (besides once at start). */
  embeddedIntervalMs: number;
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
  {
    method: 'GET',
    path: '/api/user',
    handler: 'http/user/get-user',
    // Writes only when an ended period is refreshed from the provider.
    access: { table: 'readWrite', billing: true },
  },
  {
    method: 'PUT',
    path: '/api/user',
    handler: 'http/user/update-user',
    access: { table: 'readWrite', billing: true },
  },

  {
    // Every story as Markdown and JSON in one zip (issue 16): free, never behind the subscription.
    method: 'POST',
    path: '/api/user/download',
    handler: 'http/user/download-all-stories',
    access: { table: 'read', buckets: { exports: 'readWrite' } },
  },

  {
    // Delete my account (issue 16): confirmed by the account's email; stops renewal, signs out everywhere and
    // queues the purge. Should the queue refuse the message, the purge runs in the request, hence the buckets.
    method: 'POST',
    path: '/api/user/delete',
    handler: 'http/user/delete-account',
    access: {
      table: 'readWrite',
      billing: true,
      queues: ['accountDeletion'],
      buckets: { images: 'readWrite', exports: 'readWrite', versions: 'readWrite' },
    },
  },

  // The trash (issue 16): deleted stories and chapters, restorable for 30 days.
  { method: 'GET', path: '/api/trash', handler: 'http/trash/list-trash', access: { table: 'read' } },
  {
    method: 'POST',
    path: '/api/trash/stories/{storyId}/restore',
    handler: 'http/trash/restore-story',
    access: { table: 'readWrite' },
  },
  {
    method: 'POST',
    path: '/api/trash/stories/{storyId}/chapters/{chapterId}/restore',
    handler: 'http/trash/restore-chapter',
    access: { table: 'readWrite' },
  },

  // Billing (spec §7)
  {
    method: 'POST',
    path: '/billing/customer',
    handler: 'http/billing/register-customer',
    access: { table: 'readWrite', billing: true },
  },
  {
    method: 'PUT',
    path: '/billing/customer',
    handler: 'http/billing/update-payment-method',
    access: { table: 'read', billing: true },
  },
  {
    method: 'GET',
    path: '/billing/customer/payment',
    handler: 'http/billing/get-payment-method',
    access: { table: 'read', billing: true },
  },
  {
    method: 'GET',
    path: '/billing/products',
    handler: 'http/billing/list-products',
    access: { table: 'read', billing: true },
  },
  {
    method: 'POST',
    path: '/billing/subscribe',
    handler: 'http/billing/subscribe',
    access: { table: 'readWrite', billing: true },
  },
  {
    method: 'POST',
    path: '/billing/webhook',
    handler: 'http/billing/webhook',
    access: { table: 'readWrite', billing: true },
  },
  {
    // The local provider's card form (embedded runtime); 404 wherever Stripe is the provider.
    method: 'POST',
    path: '/billing/local/payment-methods',
    handler: 'http/billing/tokenize-local-card',
    access: { table: 'read' },
  },

  // Stories and series (spec §7)
  { method: 'GET', path: '/api/stories', handler: 'http/stories/list-stories', access: { table: 'read' } },
  {
    method: 'POST',
    path: '/api/stories',
    handler: 'http/stories/create-story',
    access: { table: 'readWrite', buckets: { images: 'readWrite' }, sampleImages: true },
  },
  {
    method: 'POST',
    path: '/api/stories/import',
    handler: 'http/stories/import-story',
    access: {
      table: 'readWrite',
      buckets: { images: 'readWrite', exports: 'readWrite' },
      queues: ['storyImport'],
      sampleImages: true,
    },
  },
  {
    // A presigned upload straight to storage for manuscripts past what API Gateway can carry (issue 14 §1).
    method: 'POST',
    path: '/api/stories/import/uploads',
    handler: 'http/stories/create-manuscript-upload',
    // The table only for the session; the link is signed with this function's own right to write uploads.
    access: { table: 'read', buckets: { uploads: 'readWrite' } },
  },
  {
    method: 'POST',
    path: '/api/stories/import/uploads/{uploadId}',
    handler: 'http/stories/import-uploaded-manuscript',
    access: {
      table: 'readWrite',
      buckets: { images: 'readWrite', exports: 'readWrite', uploads: 'readWrite' },
      queues: ['storyImport'],
      sampleImages: true,
    },
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
    // Into the trash: the content stays until the purge.
    access: { table: 'readWrite' },
  },
  // Issue 27 §1: how the story is made into a book.
  {
    method: 'GET',
    path: '/api/stories/{storyId}/book',
    handler: 'http/book/get-book-settings',
    access: { table: 'read' },
  },
  {
    method: 'PUT',
    path: '/api/stories/{storyId}/book',
    handler: 'http/book/save-book-settings',
    access: { table: 'readWrite' },
  },
  {
    method: 'POST',
    path: '/api/stories/{storyId}/book/preview',
    handler: 'http/book/preview-book',
    // The preview reads the whole story, and the cover for an EPUB.
    access: { table: 'read', buckets: { images: 'read' } },
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
    method: 'POST',
    path: '/api/stories/{storyId}/chapters/{chapterId}/retry-creation',
    handler: 'http/chapters/retry-chapter-creation',
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
    access: { table: 'readWrite', buckets: { versions: 'readWrite' } },
  },

  // Versions of a chapter (issue 14 §2): the index in the chapter's partition, the bodies in the versions bucket.
  {
    method: 'GET',
    path: '/api/stories/{storyId}/chapters/{chapterId}/versions',
    handler: 'http/versions/list-versions',
    access: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/api/stories/{storyId}/chapters/{chapterId}/versions',
    handler: 'http/versions/save-version',
    access: { table: 'readWrite', buckets: { versions: 'readWrite' } },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/chapters/{chapterId}/versions/{versionId}',
    handler: 'http/versions/get-version',
    access: { table: 'read', buckets: { versions: 'read' } },
  },
  {
    method: 'POST',
    path: '/api/stories/{storyId}/chapters/{chapterId}/versions/{versionId}/restore',
    handler: 'http/versions/restore-version',
    access: { table: 'readWrite', buckets: { versions: 'readWrite' } },
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
    // Takes an automatic version of the chapter every 30 minutes of editing (issue 14 §2).
    access: { table: 'readWrite', buckets: { versions: 'readWrite' } },
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

  // Outline (spec §7): subscribers only.
  {
    method: 'POST',
    path: '/api/outline',
    handler: 'http/outline/create-outline',
    access: { table: 'readWrite' },
  },
  {
    method: 'PUT',
    path: '/api/outline',
    handler: 'http/outline/update-outline',
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
  // Issue 25 §1: story time. The timeline reads the text cache, which it refreshes (readWrite).
  {
    method: 'GET',
    path: '/api/stories/{storyId}/calendar',
    handler: 'http/story-time/get-calendar',
    access: { table: 'read' },
  },
  {
    method: 'PUT',
    path: '/api/stories/{storyId}/calendar',
    handler: 'http/story-time/set-calendar',
    access: { table: 'readWrite' },
  },
  {
    method: 'DELETE',
    path: '/api/stories/{storyId}/calendar',
    handler: 'http/story-time/reset-calendar',
    access: { table: 'readWrite' },
  },
  {
    method: 'PUT',
    path: '/api/stories/{storyId}/chapters/{chapterId}/time',
    handler: 'http/story-time/set-chapter-time',
    access: { table: 'readWrite' },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/timeline',
    handler: 'http/story-time/get-story-timeline',
    access: { table: 'readWrite' },
  },
  {
    method: 'GET',
    path: '/api/series/{seriesId}/timeline',
    handler: 'http/story-time/get-series-timeline',
    access: { table: 'readWrite' },
  },
  // Issue 25 §4: continuity checks (premium).
  {
    method: 'GET',
    path: '/api/stories/{storyId}/continuity',
    handler: 'http/continuity/check-continuity',
    // Writes the texts of chapters changed since they were cached (lambdas/domain/text-cache).
    access: { table: 'readWrite' },
  },
  // Issue 25 §2: facts that change as the story goes.
  {
    method: 'GET',
    path: '/api/stories/{storyId}/facts',
    handler: 'http/associations/list-story-facts',
    access: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/api/stories/{storyId}/associations/{associationId}/facts',
    handler: 'http/associations/create-fact',
    access: { table: 'readWrite' },
  },
  {
    method: 'PATCH',
    path: '/api/stories/{storyId}/associations/{associationId}/facts/{factId}',
    handler: 'http/associations/update-fact',
    access: { table: 'readWrite' },
  },
  {
    method: 'DELETE',
    path: '/api/stories/{storyId}/associations/{associationId}/facts/{factId}',
    handler: 'http/associations/delete-fact',
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

  // Export (spec §7): the worker makes the file; the call waits a bounded time for it, then the page polls.
  {
    method: 'PUT',
    path: '/api/stories/{storyId}/export',
    handler: 'http/export/export-story',
    access: { table: 'readWrite', buckets: { exports: 'read' }, queues: ['export'] },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/export/{jobId}',
    handler: 'http/export/get-export',
    access: { table: 'read', buckets: { exports: 'read' } },
  },
  // The story bible (issue 13): story-wide reads and changes of associations.
  {
    method: 'GET',
    path: '/api/stories/{storyId}/associations/{associationId}/appearances',
    handler: 'http/story-bible/get-association-appearances',
    // Writes the texts of chapters changed since they were cached (lambdas/domain/text-cache).
    access: { table: 'readWrite' },
  },
  {
    method: 'POST',
    path: '/api/stories/{storyId}/associations/{associationId}/rename',
    handler: 'http/story-bible/rename-association',
    // Takes a version of every chapter it changes first.
    access: { table: 'readWrite', buckets: { versions: 'readWrite' } },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/associations/suggestions',
    handler: 'http/story-bible/get-element-suggestions',
    // Writes the texts of chapters changed since they were cached (lambdas/domain/text-cache).
    access: { table: 'readWrite' },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/associations/mentions',
    handler: 'http/story-bible/get-mention-grid',
    // Writes the texts of chapters changed since they were cached (lambdas/domain/text-cache).
    access: { table: 'readWrite' },
  },
  // Issue 13 §4: associations shared by a series with every volume.
  {
    method: 'POST',
    path: '/api/stories/{storyId}/associations/{associationId}/share',
    handler: 'http/associations/share-association',
    access: { table: 'readWrite' },
  },
  {
    method: 'POST',
    path: '/api/stories/{storyId}/associations/{associationId}/unshare',
    handler: 'http/associations/unshare-association',
    access: { table: 'readWrite' },
  },
  // Find and replace across a story (issue 14 §3).
  {
    method: 'GET',
    path: '/api/stories/{storyId}/search',
    handler: 'http/story-bible/search-story',
    // Writes the texts of chapters changed since they were cached (lambdas/domain/text-cache).
    access: { table: 'readWrite' },
  },
  {
    method: 'POST',
    path: '/api/stories/{storyId}/replace',
    handler: 'http/story-bible/replace-in-story',
    // Takes a version of every chapter it changes first.
    access: { table: 'readWrite', buckets: { versions: 'readWrite' } },
  },
  // Relationships between associations, chapter by chapter (issue 25 §3); premium.
  {
    method: 'POST',
    path: '/api/stories/{storyId}/relationships',
    handler: 'http/relationships/create-relationship',
    access: { table: 'readWrite' },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/relationships',
    handler: 'http/relationships/list-relationships',
    access: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/relationships/suggestions',
    handler: 'http/relationships/get-relationship-suggestions',
    // Writes the texts of chapters changed since they were cached (lambdas/domain/text-cache).
    access: { table: 'readWrite' },
  },
  {
    method: 'PATCH',
    path: '/api/stories/{storyId}/relationships/{relationshipId}',
    handler: 'http/relationships/update-relationship',
    access: { table: 'readWrite' },
  },
  {
    method: 'DELETE',
    path: '/api/stories/{storyId}/relationships/{relationshipId}',
    handler: 'http/relationships/delete-relationship',
    access: { table: 'readWrite' },
  },
  // Writing goals and progress (issue 15 §1).
  // Readers and editors (issue 24): share links, the reading view's place, comments and suggestions.
  {
    method: 'POST',
    path: '/api/stories/{storyId}/shares',
    handler: 'http/review/create-share',
    access: { table: 'readWrite' },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/shares',
    handler: 'http/review/list-shares',
    access: { table: 'read' },
  },
  {
    method: 'DELETE',
    path: '/api/stories/{storyId}/shares/{shareId}',
    handler: 'http/review/revoke-share',
    access: { table: 'readWrite' },
  },
  {
    method: 'POST',
    path: '/api/shares/{shareId}/join',
    handler: 'http/review/join-share',
    access: { table: 'readWrite' },
  },
  {
    method: 'GET',
    path: '/api/shared',
    handler: 'http/review/list-shared-stories',
    access: { table: 'read' },
  },
  {
    method: 'PUT',
    path: '/api/stories/{storyId}/reading-position',
    handler: 'http/review/save-reading-position',
    access: { table: 'readWrite' },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/reading-positions',
    handler: 'http/review/list-reading-positions',
    access: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/api/stories/{storyId}/comments',
    handler: 'http/review/create-comment',
    access: { table: 'readWrite' },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/comments',
    handler: 'http/review/list-comments',
    access: { table: 'read' },
  },
  {
    // A Word document's comments brought into the author's story (issue 24 §5).
    method: 'POST',
    path: '/api/stories/{storyId}/comments/import',
    handler: 'http/review/import-comments',
    access: { table: 'readWrite' },
  },
  {
    method: 'PUT',
    path: '/api/stories/{storyId}/comments/seen',
    handler: 'http/review/mark-comments-seen',
    access: { table: 'readWrite' },
  },
  {
    method: 'POST',
    path: '/api/stories/{storyId}/comments/{commentId}/replies',
    handler: 'http/review/reply-to-comment',
    access: { table: 'readWrite' },
  },
  {
    method: 'PATCH',
    path: '/api/stories/{storyId}/comments/{commentId}',
    handler: 'http/review/update-comment',
    access: { table: 'readWrite' },
  },
  {
    method: 'DELETE',
    path: '/api/stories/{storyId}/comments/{commentId}',
    handler: 'http/review/delete-comment',
    access: { table: 'readWrite' },
  },
  {
    method: 'POST',
    path: '/api/stories/{storyId}/suggestions',
    handler: 'http/review/create-suggestion',
    access: { table: 'readWrite' },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/suggestions',
    handler: 'http/review/list-suggestions',
    access: { table: 'read' },
  },
  {
    // One function for both decisions: `{decision}` is 'accept' or 'reject'.
    method: 'POST',
    path: '/api/stories/{storyId}/suggestions/{suggestionId}/{decision}',
    handler: 'http/review/decide-suggestion',
    access: { table: 'readWrite' },
  },

  {
    method: 'GET',
    path: '/api/user/progress',
    handler: 'http/progress/get-user-progress',
    access: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/api/stories/{storyId}/progress',
    handler: 'http/progress/get-story-progress',
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
    access: {
      table: 'readWrite',
      buckets: { images: 'readWrite', exports: 'readWrite', versions: 'readWrite' },
    },
    batchSize: 1,
    maxReceiveCount: 5,
    timeoutSeconds: 300,
  },
  {
    queue: 'export',
    handler: 'workers/export-worker',
    // The story's cover goes into an EPUB.
    access: { table: 'readWrite', buckets: { exports: 'readWrite', images: 'read' } },
    // One novel per invocation: a render holds the whole file in memory.
    batchSize: 1,
    maxReceiveCount: 3,
    timeoutSeconds: 120,
  },
  {
    queue: 'storyImport',
    handler: 'workers/story-import-worker',
    access: { table: 'readWrite', buckets: { exports: 'readWrite' } },
    batchSize: 1,
    maxReceiveCount: 3,
    timeoutSeconds: 600,
  },
  {
    // Everything of a deleted account (issue 16): stories, trash, series, downloads, lookups, the partition.
    queue: 'accountDeletion',
    handler: 'workers/account-deletion-worker',
    access: {
      table: 'readWrite',
      buckets: { images: 'readWrite', exports: 'readWrite', versions: 'readWrite' },
    },
    batchSize: 1,
    maxReceiveCount: 5,
    timeoutSeconds: 900,
  },
];

export const scheduledJobs: ScheduledJobDefinition[] = [
  {
    // Removes what has been in the trash for 30 days, through the story-deletion worker and chapter deletion.
    name: 'trashPurge',
    handler: 'workers/trash-purge-job',
    access: {
      table: 'readWrite',
      queues: ['storyDeletion'],
      buckets: { images: 'readWrite', exports: 'readWrite', versions: 'readWrite' },
    },
    schedule: 'cron(17 3 * * ? *)',
    embeddedIntervalMs: 60 * 60 * 1000,
    timeoutSeconds: 900,
  },
];
