import type { ChapterContent } from '../../../shared/schemas/block';
import { ChapterBeingCreatedError, ChapterCreationFailedError, NotFoundError } from '../../errors';
import type { ChapterRecord } from '../chapters/chapter-repository';
import type { Repositories } from '../repositories';
import { requireChapterReach, requireStoryAccess } from '../review/story-access';
import { PAGE_BUDGET_BYTES, readContentPage, toItem } from './content-pages';

/**
 * The chapter whose content is read or written: it must be in the story (404 otherwise, also for another
 * story's chapter) and ready (501 while the creation worker prepares it, 409 once its creation failed).
 */
export async function requireReadyChapter(
  repositories: Repositories,
  storyId: string,
  chapterId: string,
): Promise<ChapterRecord> {
  return requireReady(await repositories.chapters.get(storyId, chapterId));
}

/** `requireReadyChapter` on a chapter already read (`chapters.getRead`). */
export function requireReady(chapter: ChapterRecord | undefined): ChapterRecord {
  if (!chapter) throw new NotFoundError('No such chapter.');
  if (chapter.status === 'failed') throw new ChapterCreationFailedError();
  if (chapter.status !== 'ready') throw new ChapterBeingCreatedError();
  return chapter;
}

/**
 * The whole chapter's paragraphs in order, places from 0, in one read: for work that is not answered over
 * HTTP (a response carries one page: see `getChapterContent`). Blocks and order change together in transactions; a
 * block missing from the order is still returned, last, so no stored paragraph can ever be hidden.
 */
export async function readChapterContent(
  repositories: Repositories,
  chapterId: string,
): Promise<ChapterContent> {
  const { order, blocks } = await repositories.blocks.readContent(chapterId);
  const inOrder = new Set(order.key_ids);
  const ordered = order.key_ids.filter((keyId) => blocks.has(keyId));
  const unordered = [...blocks.keys()].filter((keyId) => !inOrder.has(keyId));
  return {
    items: [...ordered, ...unordered].map((keyId, place) => toItem(blocks.get(keyId)!, place)),
  };
}

/** Who reads which chapter, when. */
interface ContentReader {
  userId: string;
  storyId: string;
  chapterId: string;
  now: Date;
}

/**
 * GET /api/stories/{id}/content?chapter=&cursor=&limit=&stamp=: one page of the chapter, from place `cursor` (0
 * first) and of at most `limit` paragraphs (the opening screenful a page shows while the whole chapter is read),
 * for the author or a collaborator the chapter is shared with; the first page carries the chapter's content
 * stamp. The access, the chapter and its order are read in one round trip, then the page's paragraphs. With
 * `stamp` the order is not read until the stamp has changed: a chapter nobody wrote to since costs one small read
 * and answers `unchanged`. The stamp is read before the paragraphs, so a page is never older than its stamp.
 */
export async function getChapterContent(
  repositories: Repositories,
  reader: ContentReader,
  page?: { cursor?: number | undefined; limit?: number | undefined },
): Promise<ChapterContent>;
export async function getChapterContent(
  repositories: Repositories,
  reader: ContentReader,
  page: { cursor?: number | undefined; limit?: number | undefined; stamp: string | undefined },
): Promise<ChapterContent | 'unchanged'>;
export async function getChapterContent(
  repositories: Repositories,
  { userId, storyId, chapterId, now }: ContentReader,
  {
    cursor = 0,
    limit,
    stamp,
  }: { cursor?: number | undefined; limit?: number | undefined; stamp?: string | undefined } = {},
): Promise<ChapterContent | 'unchanged'> {
  const { access, chapter, order } = await requireStoryAccess(repositories, userId, storyId, now, {
    chapter: repositories.chapters.getRead(storyId, chapterId),
    ...(stamp === undefined ? { order: repositories.blocks.getOrderRead(chapterId) } : {}),
  });
  requireChapterReach(access, chapterId);
  const ready = requireReady(chapter);
  const currentStamp = ready.content_stamp ?? '';
  if (stamp !== undefined && currentStamp !== '' && stamp === currentStamp) return 'unchanged';
  const page = await readContentPage(repositories, chapterId, cursor, PAGE_BUDGET_BYTES, true, order, limit);
  return {
    items: page.items,
    ...(page.next === undefined ? {} : { next: String(page.next) }),
    ...(cursor === 0 && currentStamp !== '' ? { stamp: currentStamp } : {}),
  };
}
