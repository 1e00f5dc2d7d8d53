import { describeError } from '../../logger';
import type { DomainPorts } from '../ports';
import { storyExportPrefix } from '../export/export-story';
import { purgeChapterContent } from '../chapters/manage-chapters';
import { storyImagePrefix } from '../images/stored-images';
import { discardStagedManuscript } from '../import/staged-manuscript';
import { seriesChangedByMove } from '../series/series-membership';
import { retryOnConcurrentChange } from '../concurrency';

/** The ports these operations use. */
export type DeleteStoryPorts = Pick<DomainPorts, 'repositories' | 'blobs' | 'queue' | 'logger' | 'now'>;

/**
 * Deletes a story for good, skipping the trash (an import that could not be started; DELETE /api/stories/{id}
 * trashes instead, `trash/trash.ts`). The story item goes first, with its place in its series, in one
 * transaction: from then on the story is gone for its author and every write into its partitions fails its
 * condition. The cascade follows (`deleteStoryContentSoon`).
 */
export async function deleteStory(ports: DeleteStoryPorts, userId: string, storyId: string): Promise<void> {
  const { repositories } = ports;
  const { stories: storyRepository, series: seriesRepository } = repositories;

  await retryOnConcurrentChange(async () => {
    const story = await storyRepository.requireOwned(userId, storyId);
    const series = story.series_id ? await seriesRepository.get(userId, story.series_id) : undefined;
    await repositories.commit([
      storyRepository.deleteItem(userId, storyId, story.series_id),
      ...seriesChangedByMove(storyId, series, undefined, undefined).map((changed) =>
        seriesRepository.saveItem(userId, changed, ports.now()),
      ),
    ]);
  });

  await deleteStoryContentSoon(ports, storyId);
}

/**
 * The cascade of a story whose item is gone — the story's partition (chapters, settings, associations,
 * outline, ...), each chapter's partition (paragraphs and order) and versions, its images and its exports — in the
 * story-deletion worker, which retries until it is done however large the story is. Should the queue refuse the
 * message, the cascade runs here.
 */
export async function deleteStoryContentSoon(ports: DeleteStoryPorts, storyId: string): Promise<void> {
  try {
    await ports.queue.send('storyDeletion', { story_id: storyId });
  } catch (error) {
    ports.logger.error('story deletion could not be queued; deleting inline', describeError(error));
    await purgeStoryContent(ports, storyId);
  }
}

/**
 * Chapter items are deleted before their paragraphs: a paragraph write needs its chapter item, so none can
 * slip in after its partition was emptied. The chapter index goes last, so a run stopped half-way (a retried
 * message, a deleted account's worker) still finds every chapter's id. Idempotent: a retry finds less to delete.
 */
export async function purgeStoryContent(ports: DeleteStoryPorts, storyId: string): Promise<void> {
  const { repositories } = ports;
  const { chapters, index } = await repositories.chapters.listWithIndex(storyId);
  const chapterIds = new Set([...index.chapter_ids, ...chapters.map((chapter) => chapter.chapter_id)]);
  await repositories.stories.deleteContent(storyId, { keepChapterIndex: true });
  for (const chapterId of chapterIds) await purgeChapterContent(ports, storyId, chapterId);
  await ports.blobs.deletePrefix('images', storyImagePrefix(storyId));
  await ports.blobs.deletePrefix('exports', storyExportPrefix(storyId));
  await discardStagedManuscript(ports.blobs, storyId);
  await repositories.stories.deleteContent(storyId);
}
