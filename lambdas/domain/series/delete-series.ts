import type { Ports } from '../../ports';
import { seriesImagePrefix } from '../images/images';
import { retryOnConcurrentChange } from '../concurrency';

/** DELETE /api/series/{id}: the series goes and, in the same transaction, its volumes become standalone. */
export async function deleteSeries(ports: Ports, userId: string, seriesId: string): Promise<void> {
  const { repositories } = ports;
  const { series: seriesRepository, stories: storyRepository } = repositories;
  await retryOnConcurrentChange(async () => {
    const series = await seriesRepository.requireOwned(userId, seriesId);
    await repositories.commit([
      seriesRepository.deleteItem(userId, series),
      ...series.story_ids.map((storyId) =>
        storyRepository.setSeriesItem(userId, storyId, undefined, seriesId, ports.now()),
      ),
    ]);
  });
  await ports.blobs.deletePrefix('images', seriesImagePrefix(seriesId));
}
