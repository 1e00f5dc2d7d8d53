import type { DomainPorts } from '../ports';
import { copiesForStoriesLeaving } from '../associations/share-association';
import { seriesImagePrefix } from '../images/stored-images';
import { retryOnConcurrentChange } from '../concurrency';
import { removeStoryFromSeries } from './remove-story-from-series';

/** The ports these operations use. */
export type DeleteSeriesPorts = Pick<DomainPorts, 'repositories' | 'blobs' | 'now'>;

/**
 * DELETE /api/series/{id}: the series goes and its volumes become standalone, each keeping its own copies of
 * the series' shared associations. Without shared associations that is one transaction. With them, each
 * volume first leaves with its copies in a transaction of its own (a volume's copies alone may fill one), then
 * the series goes with its shared associations: every step leaves the stories whole.
 */
export async function deleteSeries(
  ports: DeleteSeriesPorts,
  userId: string,
  seriesId: string,
): Promise<void> {
  const { repositories } = ports;
  const { series: seriesRepository, stories: storyRepository, associations } = repositories;
  const { story_ids: volumes } = await seriesRepository.requireOwned(userId, seriesId);
  if ((await associations.listShared(seriesId)).length > 0) {
    for (const storyId of volumes) await removeStoryFromSeries(ports, userId, seriesId, storyId);
  }
  await retryOnConcurrentChange(async () => {
    const series = await seriesRepository.requireOwned(userId, seriesId);
    await repositories.commit([
      seriesRepository.deleteItem(userId, series),
      ...series.story_ids.map((storyId) =>
        storyRepository.setSeriesItem(userId, storyId, undefined, seriesId, ports.now()),
      ),
      ...(await copiesForStoriesLeaving(repositories, seriesId, series.story_ids)),
      ...associations.deleteSharedItems(seriesId, await associations.listShared(seriesId)),
    ]);
  });
  await ports.blobs.deletePrefix('images', seriesImagePrefix(seriesId));
}
