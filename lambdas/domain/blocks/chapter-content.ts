import type { ChapterContent } from '../../../shared/schemas/block';
import { ChapterBeingCreatedError, NotFoundError } from '../../errors';
import type { Database } from '../../ports';
import { ChapterRepository, type ChapterRecord } from '../chapters/chapter-repository';
import { StoryRepository } from '../stories/story-repository';
import { BlockRepository } from './block-repository';

/**
 * The chapter whose content is read or written: it must be in the story (404 otherwise, also for another
 * story's chapter) and ready (501 while the creation worker prepares it).
 */
export async function requireReadyChapter(
  database: Database,
  storyId: string,
  chapterId: string,
): Promise<ChapterRecord> {
  const chapter = await new ChapterRepository(database).get(storyId, chapterId);
  if (!chapter) throw new NotFoundError('No such chapter.');
  if (chapter.status !== 'ready') throw new ChapterBeingCreatedError();
  return chapter;
}

/**
 * The chapter's paragraphs in order, places from 0. Blocks and order change together in transactions; a
 * block missing from the order is still returned, last, so no stored paragraph can ever be hidden.
 */
export async function readChapterContent(database: Database, chapterId: string): Promise<ChapterContent> {
  const { order, blocks } = await new BlockRepository(database).readContent(chapterId);
  const inOrder = new Set(order.key_ids);
  const ordered = order.key_ids.filter((keyId) => blocks.has(keyId));
  const unordered = [...blocks.keys()].filter((keyId) => !inOrder.has(keyId));
  return {
    items: [...ordered, ...unordered].map((keyId, place) => ({
      key_id: { Value: keyId },
      chunk: { Value: blocks.get(keyId)!.chunk },
      place: { Value: String(place) },
    })),
  };
}

/** GET /api/stories/{id}/content?chapter=. */
export async function getChapterContent(
  database: Database,
  userId: string,
  storyId: string,
  chapterId: string,
): Promise<ChapterContent> {
  await new StoryRepository(database).requireOwned(userId, storyId);
  await requireReadyChapter(database, storyId, chapterId);
  return readChapterContent(database, chapterId);
}
