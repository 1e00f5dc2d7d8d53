/** GET /api/stories/{id}/content (spec §7), and its read started ahead of the chapter's editor. */
import { ChapterContentSchema } from '../../../shared/schemas/block';
import type { ServerBlock } from '../editor/autosave/merge-pending-ops';
import { api } from '../lib/api-client';

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
    const response = await api.get(`/api/stories/${storyId}/content`, {
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

/** How old a read started ahead may be when the editor takes it; an older one is read again. */
export const PREFETCHED_CONTENT_MAX_AGE_MS = 10_000;

interface PrefetchedContent {
  storyId: string;
  chapterId: string;
  /** When the read was started (`performance.now()`). */
  startedAt: number;
  blocks: Promise<ServerBlock[]>;
}

/** The one read started ahead: a newer one replaces it, and the editor takes it at most once. */
let prefetched: PrefetchedContent | null = null;

/**
 * Starts reading a chapter's content before its editor exists (the workspace's route does, as soon as it
 * knows which chapter opens), so the read overlaps loading and rendering the workspace.
 */
export function prefetchChapterBlocks(storyId: string, chapterId: string): void {
  const blocks = fetchChapterBlocks(storyId, chapterId, { background: false });
  // A failed read is the editor's to report when it takes it; one never taken is simply dropped.
  blocks.catch(() => undefined);
  prefetched = { storyId, chapterId, startedAt: performance.now(), blocks };
}

/**
 * The read started ahead for this chapter, taken once: null when there is none, it is another chapter's, it is
 * older than `PREFETCHED_CONTENT_MAX_AGE_MS`, or a write of this page was acknowledged since it started
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
  const now = performance.now();
  if (now - taken.startedAt > PREFETCHED_CONTENT_MAX_AGE_MS) return null;
  if (lastWriteAcknowledgedAt >= taken.startedAt) return null;
  return taken.blocks;
}
