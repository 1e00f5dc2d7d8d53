import type { Series } from '../../../shared/schemas/series';
import type { DomainPorts } from '../ports';
import { copiesForStoriesLeaving } from '../associations/share-association';
import { retryOnConcurrentChange } from '../concurrency';
import { seriesChangedByMove } from './series-membership';
import { getSeries } from './series-views';

/** The ports these operations use. */
export type RemoveStoryFromSeriesPorts = Pick<DomainPorts, 'repositories' | 'now'>;

/**
 * PUT /api/series/{seriesId}/story/{storyId}: the story becomes standalone and the volumes after it move up
 * one place, and it keeps its own copies of the series' shared associations. Removing a story that is not in
 * the series changes nothing.
 */
export async function removeStoryFromSeries(
  ports: RemoveStoryFromSeriesPorts,
  userId: string,
  seriesId: string,
  storyId: string,
): Promise<Series> {
  const { repositories } = ports;
  const { series: seriesRepository, stories: storyRepository } = repositories;
  await retryOnConcurrentChange(async () => {
    const series = await seriesRepository.requireOwned(userId, seriesId);
    await storyRepository.requireOwned(userId, storyId);
    if (!series.story_ids.includes(storyId)) return;
    await repositories.commit([
      ...seriesChangedByMove(storyId, series, undefined, undefined).map((changed) =>
        seriesRepository.saveItem(userId, changed, ports.now()),
      ),
      storyRepository.setSeriesItem(userId, storyId, undefined, seriesId, ports.now()),
      ...(await copiesForStoriesLeaving(repositories, seriesId, [storyId])),
    ]);
  });
  return getSeries(repositories, userId, seriesId);
}
