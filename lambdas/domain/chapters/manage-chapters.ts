import type { Chapter, ChapterChanges } from '../../../shared/schemas/chapter';
import { NotFoundError } from '../../errors';
import type { DomainPorts } from '../ports';
import { applyPlacements } from '../../../shared/ordering';
import { retryOnConcurrentChange } from '../concurrency';
import { deleteChapterVersions } from '../versions/chapter-versions';
import { listChapters, orderedChapters } from './chapter-list';

/** The ports these operations use. */
export type ManageChaptersPorts = Pick<DomainPorts, 'repositories' | 'blobs' | 'now'>;

/** GET /api/stories/{storyId}/chapters/{chapterId}. */
export async function getChapter(
  ports: ManageChaptersPorts,
  userId: string,
  storyId: string,
  chapterId: string,
): Promise<Chapter> {
  await ports.repositories.stories.requireOwned(userId, storyId);
  const chapter = (await listChapters(ports.repositories, storyId)).find((item) => item.id === chapterId);
  if (!chapter) throw new NotFoundError('No such chapter.');
  return chapter;
}

/** PUT /api/stories/{storyId}/chapters/{chapterId}: the title, synopsis and stage; one item written. */
export async function updateChapter(
  ports: ManageChaptersPorts,
  userId: string,
  storyId: string,
  chapterId: string,
  changes: ChapterChanges,
): Promise<Chapter> {
  await ports.repositories.stories.requireOwned(userId, storyId);
  const updated = await ports.repositories.chapters.update(storyId, chapterId, changes, ports.now());
  if (!updated) throw new NotFoundError('No such chapter.');
  return getChapter(ports, userId, storyId, chapterId);
}

/**
 * PUT /api/stories/{storyId}/chapters: the index item is the only write. Chapters named must be the story's
 * (404 otherwise); chapters left out keep their relative order.
 */
export async function reorderChapters(
  ports: ManageChaptersPorts,
  userId: string,
  storyId: string,
  placements: { chapter_id: string; place: number }[],
): Promise<Chapter[]> {
  const { repositories } = ports;
  const { stories: storyRepository, chapters: chapterRepository } = repositories;
  return retryOnConcurrentChange(async () => {
    await storyRepository.requireOwned(userId, storyId);
    const { chapters, index } = await chapterRepository.listWithIndex(storyId);
    if (placements.some((placement) => !index.chapter_ids.includes(placement.chapter_id))) {
      throw new NotFoundError('No such chapter.');
    }
    const chapterIds = applyPlacements(
      index.chapter_ids,
      placements.map((placement) => ({ id: placement.chapter_id, index: placement.place - 1 })),
    );
    if (chapterIds.join() !== index.chapter_ids.join()) {
      await repositories.commit([chapterRepository.saveIndexItem(storyId, index, chapterIds)]);
    }
    return orderedChapters(chapters, { chapter_ids: chapterIds, version: index.version + 1 });
  });
}

/**
 * Removes a chapter's content for good (its versions, its paragraphs and their order) once the chapter item is gone: the one
 * path every removal of a chapter takes (the trash's purge, the story's and the account's deletion), so whatever
 * is kept with a chapter goes with it.
 */
export async function purgeChapterContent(
  ports: ManageChaptersPorts,
  storyId: string,
  chapterId: string,
): Promise<void> {
  await deleteChapterVersions(ports, storyId, chapterId);
  await ports.repositories.blocks.deleteContent(chapterId);
}
