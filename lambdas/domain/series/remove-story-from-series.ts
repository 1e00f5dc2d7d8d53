import type { Series } from '../../../shared/schemas/series';
import type { Ports } from '../../ports';
import { StoryRepository } from '../stories/story-repository';
import { commitTransaction, retryOnConcurrentChange } from '../table';
import { seriesChangedByMove } from './series-membership';
import { SeriesRepository } from './series-repository';
import { getSeries } from './series-views';

/**
 * PUT /api/series/{seriesId}/story/{storyId}: the story becomes standalone and the volumes after it move up
 * one place. Removing a story that is not in the series changes nothing.
 */
export async function removeStoryFromSeries(
  ports: Ports,
  userId: string,
  seriesId: string,
  storyId: string,
): Promise<Series> {
  const { database } = ports;
  const seriesRepository = new SeriesRepository(database);
  const storyRepository = new StoryRepository(database);
  await retryOnConcurrentChange(async () => {
    const series = await seriesRepository.requireOwned(userId, seriesId);
    await storyRepository.requireOwned(userId, storyId);
    if (!series.story_ids.includes(storyId)) return;
    await commitTransaction(database, [
      ...seriesChangedByMove(storyId, series, undefined, undefined).map((changed) =>
        seriesRepository.saveItem(userId, changed, ports.now()),
      ),
      storyRepository.setSeriesItem(userId, storyId, undefined, seriesId, ports.now()),
    ]);
  });
  return getSeries(database, userId, seriesId);
}
