import { describeError } from '../../logger';
import type { Ports } from '../../ports';
import { BlockRepository } from '../blocks/block-repository';
import { ChapterRepository } from '../chapters/chapter-repository';
import { storyImagePrefix } from '../images/images';
import { seriesChangedByMove } from '../series/series-membership';
import { SeriesRepository } from '../series/series-repository';
import { batchDeleteAll, commitTransaction, retryOnConcurrentChange } from '../table';
import { StoryRepository } from './story-repository';

/**
 * DELETE /api/stories/{id}. The story item goes first, with its place in its series, in one transaction:
 * from then on the story is gone for its author and every write into its partitions fails its condition.
 * The cascade — the story's partition (chapters, settings, associations, outline, ...), each chapter's
 * partition (paragraphs and order), and its images — runs in the story-deletion worker, which retries
 * until it is done however large the story is. Should the queue refuse the message, the cascade runs here.
 */
export async function deleteStory(ports: Ports, userId: string, storyId: string): Promise<void> {
  const { database } = ports;
  const storyRepository = new StoryRepository(database);
  const seriesRepository = new SeriesRepository(database);

  await retryOnConcurrentChange(async () => {
    const story = await storyRepository.requireOwned(userId, storyId);
    const series = story.series_id ? await seriesRepository.get(userId, story.series_id) : undefined;
    await commitTransaction(database, [
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
  const { database } = ports;
  const { chapters, index } = await new ChapterRepository(database).listWithIndex(storyId);
  const chapterIds = new Set([...index.chapter_ids, ...chapters.map((chapter) => chapter.chapter_id)]);
  await batchDeleteAll(database, await new StoryRepository(database).contentKeys(storyId));
  const blockRepository = new BlockRepository(database);
  for (const chapterId of chapterIds) {
    await batchDeleteAll(database, await blockRepository.contentKeys(chapterId));
  }
  await ports.blobs.deletePrefix('images', storyImagePrefix(storyId));
}
