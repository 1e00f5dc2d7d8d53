/**
 * A chapter's content calls (spec §7): its read (GET /api/stories/{id}/content), started ahead of the chapter's
 * editor too, and the editor's block sync, which writes in the background (autosave never raises the loading
 * overlay) and rejects with an `ApiError` whose `status` the autosave queue reads.
 */
import {
  ChapterContentSchema,
  type ChapterContent,
  type BlockOrderRequest,
  type DeleteBlocksRequest,
  type SaveBlocksRequest,
} from '../../../shared/schemas/block';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ServerBlock } from '../editor/autosave/merge-pending-ops';
import { ApiError, api } from '../lib/api-client';
import { keepChapter, recallChapter } from '../lib/offline/kept-reads';
import { apiPaths } from './api-paths';
import { chapterOpeningAddress } from './chapter-content-addresses';

/** A chapter's paragraphs as read, with its content stamp ('' from a server that answers none). */
export interface ChapterContentRead {
  blocks: ServerBlock[];
  stamp: string;
}

/**
 * GET /api/stories/{id}/content?chapter=: the stored paragraphs in order, every page of them (the server
 * answers a large chapter in pages, each naming the `next`), and the chapter's content stamp; 501 and 404 as
 * ApiErrors. With `unlessStamp` the server answers 204 while the stamp stands: 'unchanged'. Every read is kept
 * on this device, and a kept chapter answers when the server cannot be reached (issue 26 §1).
 */
export async function fetchChapterContent(
  storyId: string,
  chapterId: string,
  options: { background: boolean; unlessStamp?: undefined },
): Promise<ChapterContentRead>;
export async function fetchChapterContent(
  storyId: string,
  chapterId: string,
  options: { background: boolean; unlessStamp?: string },
): Promise<ChapterContentRead | 'unchanged'>;
export async function fetchChapterContent(
  storyId: string,
  chapterId: string,
  options: { background: boolean; unlessStamp?: string },
): Promise<ChapterContentRead | 'unchanged'> {
  let read: ChapterContentRead | 'unchanged';
  try {
    read = await readEveryPage(storyId, chapterId, options);
  } catch (error) {
    // Issue 26 §1: offline, a chapter opened before opens as this device last knew it from the server.
    const unreachable = error instanceof ApiError && error.status === 0;
    const kept = unreachable && !options.unlessStamp && (await recallChapter(storyId, chapterId));
    if (kept) return kept;
    throw error;
  }
  if (read !== 'unchanged') {
    keepChapter(storyId, chapterId, read).catch((error: unknown) =>
      console.warn('Could not keep the chapter for offline use.', error),
    );
  }
  return read;
}

async function readEveryPage(
  storyId: string,
  chapterId: string,
  options: { background: boolean; unlessStamp?: string },
): Promise<ChapterContentRead | 'unchanged'> {
  const blocks: ServerBlock[] = [];
  let stamp = '';
  let cursor: string | undefined;
  do {
    const response = await api.get(apiPaths.chapterContent(storyId), {
      query: {
        chapter: chapterId,
        ...(cursor === undefined ? { stamp: options.unlessStamp || undefined } : { cursor }),
      },
      background: options.background,
    });
    if (response === undefined && cursor === undefined && options.unlessStamp) return 'unchanged';
    const page = ChapterContentSchema.parse(response);
    if (cursor === undefined) stamp = page.stamp ?? '';
    blocks.push(...serverBlocksOf(page));
    cursor = page.next;
  } while (cursor !== undefined);
  return { blocks, stamp };
}

const serverBlocksOf = (page: ChapterContent): ServerBlock[] =>
  page.items.map((item) => ({
    keyId: item.key_id.Value,
    chunk: item.chunk.Value,
    ...(item.revision === undefined ? {} : { revision: item.revision }),
  }));

/**
 * GET /api/stories/{id}/content?chapter=&limit=: the chapter's first paragraphs, a small read the page shows
 * while the whole chapter is read (`fetchChapterContent`, which stays what the editor opens with). Neither kept
 * for offline use nor reported: a failed opening read only means the page waits for the whole chapter.
 */
export async function fetchChapterOpening(storyId: string, chapterId: string): Promise<ServerBlock[]> {
  const response = await api.get(chapterOpeningAddress(storyId, chapterId), { background: true });
  return serverBlocksOf(ChapterContentSchema.parse(response));
}

/**
 * The chapter's opening read, kept `keptForMs` without an editor to take it; the editor drops it once the whole
 * chapter is in, so a later visit never shows an old opening.
 */
export const chapterOpeningQuery = (storyId: string, chapterId: string, keptForMs: number) =>
  queryOptions({
    queryKey: ['chapter-opening', storyId, chapterId] as const,
    queryFn: () => fetchChapterOpening(storyId, chapterId),
    retry: false,
    staleTime: Infinity,
    gcTime: keptForMs,
  });

/** The stored paragraphs in order, every page of them (see `fetchChapterContent`). */
export async function fetchChapterBlocks(
  storyId: string,
  chapterId: string,
  options: { background: boolean },
): Promise<ServerBlock[]> {
  return (await fetchChapterContent(storyId, chapterId, options)).blocks;
}

/** One read of a chapter's paragraphs, as the cache holds it between being started ahead and being taken. */
interface ChapterRead extends ChapterContentRead {
  /** When the read was started, and until when an editor may take it (`performance.now()`). */
  startedAt: number;
  freshUntil: number;
}

const chapterContentKeys = {
  chapter: (storyId: string, chapterId: string) => ['chapter-content', storyId, chapterId] as const,
};

/**
 * A chapter's content read for its editor, which an editor may take for `freshForMs` after it started (none
 * for a read of its own). Not tried again here: the editor's load is, as a whole.
 */
const chapterContentQuery = (storyId: string, chapterId: string, freshForMs: number) =>
  queryOptions({
    queryKey: chapterContentKeys.chapter(storyId, chapterId),
    queryFn: async (): Promise<ChapterRead> => {
      const startedAt = performance.now();
      const read = await fetchChapterContent(storyId, chapterId, { background: false });
      return { ...read, startedAt, freshUntil: startedAt + freshForMs };
    },
    retry: false,
    // A read not taken while fresh is of no more use.
    gcTime: freshForMs,
  });

/**
 * Starts reading a chapter's content before its editor exists (the workspace's route does, as soon as it
 * knows which chapter opens), so the read overlaps loading and rendering the workspace. The editor may take
 * it for `freshForMs`; later it reads again. A failed read is the editor's to handle when it takes it.
 */
export function prefetchChapterBlocks(
  queryClient: QueryClient,
  storyId: string,
  chapterId: string,
  freshForMs: number,
): void {
  void queryClient.prefetchQuery(chapterContentQuery(storyId, chapterId, freshForMs));
}

/** Starts the chapter's opening read (`fetchChapterOpening`) for the editor to show while the whole is read. */
export function prefetchChapterOpening(
  queryClient: QueryClient,
  storyId: string,
  chapterId: string,
  keptForMs: number,
): void {
  void queryClient.prefetchQuery(chapterOpeningQuery(storyId, chapterId, keptForMs));
}

/**
 * The chapter's paragraphs for its editor: the read started ahead for this chapter when it was still fresh as
 * the editor asked and no write of the chapter was acknowledged since it started (`lastWriteAcknowledgedAt`,
 * on the same clock: that write may have landed after the read, which would then show the paragraph as it
 * was before); otherwise a read of its own. Either way the read leaves the cache: it is taken at most once.
 */
export async function readChapterBlocksForEditor(
  queryClient: QueryClient,
  storyId: string,
  chapterId: string,
  lastWriteAcknowledgedAt: number,
): Promise<ChapterContentRead> {
  const askedAt = performance.now();
  const query = chapterContentQuery(storyId, chapterId, 0);
  try {
    if (queryClient.getQueryState(query.queryKey)) {
      // Joins the read while it is under way, or takes its answer.
      const started = await queryClient.fetchQuery({ ...query, staleTime: Infinity });
      if (askedAt <= started.freshUntil && lastWriteAcknowledgedAt < started.startedAt) return started;
    }
    return await queryClient.fetchQuery({ ...query, staleTime: 0 });
  } finally {
    queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
  }
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
