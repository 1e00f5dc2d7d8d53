import { describeError } from '../../logger';
import type { Ports } from '../../ports';
import { storyExportPrefix } from '../export/export-story';
import { storyImagePrefix } from '../images/images';
import { seriesChangedByMove } from '../series/series-membership';
import { retryOnConcurrentChange } from '../concurrency';
import { deleteStoryVersions } from '../versions/chapter-versions';

/**
 * DELETE /api/stories/{id}. The story item goes first, with its place in its series, in one transaction:
 * from then on the story is gone for its author and every write into its partitions fails its condition.
 * The cascade — the story's partition (chapters, settings, associations, outline, ...), each chapter's
 * partition (paragraphs, order and versions' index), its images, its exports and its versions' bodies — runs in the story-deletion worker, which retries
 * until it is done however large the story is. Should the queue refuse the message, the cascade runs here.
 */
export async function deleteStory(ports: Ports, userId: string, storyId: string): Promise<void> {
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

  try {
    await ports.queue.send('storyDeletion', { story_id: storyId });
  } catch (error) {
    ports.logger.error('story deletion could not be queued; deleting inline', describeError(error));
    await purgeStoryContent(ports, storyId);
  }
}

/**
 * Chapter items are deleted before their paragraphs: a paragraph write needs its chapter item, so none can
 * slip in after its partition was emptied. Idempotent: a redelivered message finds less to delete.
 */
export async function purgeStoryContent(ports: Ports, storyId: string): Promise<void> {
  const { repositories } = ports;
  const { chapters, index } = await repositories.chapters.listWithIndex(storyId);
  const chapterIds = new Set([...index.chapter_ids, ...chapters.map((chapter) => chapter.chapter_id)]);
  await repositories.stories.deleteContent(storyId);
  await deleteStoryVersions(ports, storyId, chapterIds);
  for (const chapterId of chapterIds) await repositories.blocks.deleteContent(chapterId);
  await ports.blobs.deletePrefix('images', storyImagePrefix(storyId));
  await ports.blobs.deletePrefix('exports', storyExportPrefix(storyId));
}
