import type { Ports } from '../../ports';
import { seriesImagePrefix } from '../images/images';
import { StoryRepository } from '../stories/story-repository';
import { commitTransaction, retryOnConcurrentChange } from '../table';
import { SeriesRepository } from './series-repository';

/** DELETE /api/series/{id}: the series goes and, in the same transaction, its volumes become standalone. */
export async function deleteSeries(ports: Ports, userId: string, seriesId: string): Promise<void> {
  const { database } = ports;
  const seriesRepository = new SeriesRepository(database);
  const storyRepository = new StoryRepository(database);
  await retryOnConcurrentChange(async () => {
    const series = await seriesRepository.requireOwned(userId, seriesId);
    await commitTransaction(database, [
      seriesRepository.deleteItem(userId, series),
      ...series.story_ids.map((storyId) =>
        storyRepository.setSeriesItem(userId, storyId, undefined, seriesId, ports.now()),
      ),
    ]);
  });
  await ports.blobs.deletePrefix('images', seriesImagePrefix(seriesId));
}
