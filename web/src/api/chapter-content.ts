/**
 * A chapter's content calls (spec §7): its read (GET /api/stories/{id}/content), started ahead of the chapter's
 * editor too, and the editor's block sync, which writes in the background (autosave never raises the loading
 * overlay) and rejects with an `ApiError` whose `status` the autosave queue reads.
 */
import {
  ChapterContentSchema,
  type BlockOrderRequest,
  type DeleteBlocksRequest,
  type SaveBlocksRequest,
} from '../../../shared/schemas/block';
import type { ServerBlock } from '../editor/autosave/merge-pending-ops';
import { api } from '../lib/api-client';
import { apiPaths } from './api-paths';

/**
 * GET /api/stories/{id}/content?chapter=: the stored paragraphs in order, every page of them (the server
 * answers a large chapter in pages, each naming the `next`); 501 and 404 as ApiErrors.
 */
export async function fetchChapterBlocks(
  storyId: string,
  chapterId: string,
  options: { background: boolean },
): Promise<ServerBlock[]> {
  const blocks: ServerBlock[] = [];
  let cursor: string | undefined;
  do {
    const response = await api.get(apiPaths.chapterContent(storyId), {
      query: { chapter: chapterId, ...(cursor === undefined ? {} : { cursor }) },
      background: options.background,
    });
    const page = ChapterContentSchema.parse(response);
    blocks.push(
      ...page.items.map((item) => ({
        keyId: item.key_id.Value,
        chunk: item.chunk.Value,
        ...(item.revision === undefined ? {} : { revision: item.revision }),
      })),
    );
    cursor = page.next;
  } while (cursor !== undefined);
  return blocks;
}

interface PrefetchedContent {
  storyId: string;
  chapterId: string;
  /** When the read was started, and until when the editor may take it (`performance.now()`). */
  startedAt: number;
  freshUntil: number;
  blocks: Promise<ServerBlock[]>;
}

/** The one read started ahead: a newer one replaces it, and the editor takes it at most once. */
let prefetched: PrefetchedContent | null = null;

/**
 * Starts reading a chapter's content before its editor exists (the workspace's route does, as soon as it
 * knows which chapter opens), so the read overlaps loading and rendering the workspace. The editor may take
 * it for `freshForMs`; later it reads again.
 */
export function prefetchChapterBlocks(storyId: string, chapterId: string, freshForMs: number): void {
  const blocks = fetchChapterBlocks(storyId, chapterId, { background: false });
  // A failed read is the editor's to report when it takes it; one never taken is simply dropped.
  blocks.catch(() => undefined);
  const startedAt = performance.now();
  prefetched = { storyId, chapterId, startedAt, freshUntil: startedAt + freshForMs, blocks };
}

/**
 * The read started ahead for this chapter, taken once: null when there is none, it is another chapter's, it is
 * past its freshness, or a write of this page was acknowledged since it started
 * (`lastWriteAcknowledgedAt`, on the same clock): that write may have landed after the read, which would then
 * show the paragraph as it was before.
 */
export function takePrefetchedChapterBlocks(
  storyId: string,
  chapterId: string,
  lastWriteAcknowledgedAt: number,
): Promise<ServerBlock[]> | null {
  const taken = prefetched;
  prefetched = null;
  if (!taken || taken.storyId !== storyId || taken.chapterId !== chapterId) return null;
  if (performance.now() > taken.freshUntil) return null;
  if (lastWriteAcknowledgedAt >= taken.startedAt) return null;
  return taken.blocks;
}

export interface BlockWriteOptions {
  /** Lets the request outlive the page, as the flush on unload needs. */
  keepalive: boolean;
}

/** PUT /api/stories/{id}: the changed paragraphs; 204 once stored, 501 while the chapter is being created. */
export async function saveBlocks(
  storyId: string,
  request: SaveBlocksRequest,
  { keepalive }: BlockWriteOptions,
): Promise<void> {
  await api.put(apiPaths.savedBlocks(storyId), request, { background: true, keepalive });
}

/** DELETE /api/stories/{id}/block: the deleted paragraphs. */
export async function deleteBlocks(
  storyId: string,
  request: DeleteBlocksRequest,
  { keepalive }: BlockWriteOptions,
): Promise<void> {
  await api.delete(apiPaths.deletedBlocks(storyId), request, { background: true, keepalive });
}

/** PUT /api/stories/{id}/orderMap: the paragraphs whose place changed. */
export async function reorderBlocks(
  storyId: string,
  request: BlockOrderRequest,
  { keepalive }: BlockWriteOptions,
): Promise<void> {
  await api.put(apiPaths.blockOrder(storyId), request, { background: true, keepalive });
}
