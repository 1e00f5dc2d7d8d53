import { withoutChapter } from '../../../shared/outline';
import type { Chapter } from '../../../shared/schemas/chapter';
import { ONLY_CHAPTER_MESSAGE } from '../../../shared/validation';
import { ConflictError, NotFoundError } from '../../errors';
import type { Ports } from '../../ports';
import { applyPlacements } from '../ordering';
import { retryOnConcurrentChange } from '../concurrency';
import { deleteChapterVersions } from '../versions/chapter-versions';
import { listChapters, orderedChapters } from './chapter-list';

/** GET /api/stories/{storyId}/chapters/{chapterId}. */
export async function getChapter(
  ports: Ports,
  userId: string,
  storyId: string,
  chapterId: string,
): Promise<Chapter> {
  await ports.repositories.stories.requireOwned(userId, storyId);
  const chapter = (await listChapters(ports.repositories, storyId)).find((item) => item.id === chapterId);
  if (!chapter) throw new NotFoundError('No such chapter.');
  return chapter;
}

/** PUT /api/stories/{storyId}/chapters/{chapterId}: one item written. */
export async function renameChapter(
  ports: Ports,
  userId: string,
  storyId: string,
  chapterId: string,
  title: string,
): Promise<Chapter> {
  await ports.repositories.stories.requireOwned(userId, storyId);
  const renamed = await ports.repositories.chapters.rename(storyId, chapterId, title, ports.now());
  if (!renamed) throw new NotFoundError('No such chapter.');
  return getChapter(ports, userId, storyId, chapterId);
}

/**
 * PUT /api/stories/{storyId}/chapters: the index item is the only write. Chapters named must be the story's
 * (404 otherwise); chapters left out keep their relative order.
 */
export async function reorderChapters(
  ports: Ports,
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
 * DELETE /api/stories/{storyId}/chapter/{chapterId}: never the story's only chapter (409). The chapter item,
 * its index entry and its place in the outline go together; then its versions and its paragraphs, which no
 * write can reach once the chapter item is gone.
 */
export async function deleteChapter(
  ports: Ports,
  userId: string,
  storyId: string,
  chapterId: string,
): Promise<void> {
  const { repositories } = ports;
  const { stories: storyRepository, chapters: chapterRepository } = repositories;
  await retryOnConcurrentChange(async () => {
    await storyRepository.requireOwned(userId, storyId);
    const [{ chapters, index }, outline] = await Promise.all([
      chapterRepository.listWithIndex(storyId),
      repositories.outlines.get(storyId),
    ]);
    if (!chapters.some((chapter) => chapter.chapter_id === chapterId))
      throw new NotFoundError('No such chapter.');
    if (chapters.length <= 1) throw new ConflictError(ONLY_CHAPTER_MESSAGE, 'only_chapter');
    const outlineSections = withoutChapter(outline.sections, chapterId);
    await repositories.commit([
      ...chapterRepository.removeItems(storyId, index, chapterId),
      ...(outlineSections
        ? [repositories.outlines.saveItem(storyId, outline, outlineSections, ports.now())]
        : []),
    ]);
  });
  await deleteChapterVersions(ports, storyId, chapterId);
  await repositories.blocks.deleteContent(chapterId);
}
