import type { Series } from '../../../shared/schemas/series';
import { NotFoundError } from '../../errors';
import type { DomainPorts } from '../ports';
import { prepareUploadedImage } from '../images/images';
import { imageKeyOf, replaceImages, seriesImagePrefix, storeImage } from '../images/stored-images';
import { applyPlacements } from '../../../shared/ordering';
import { copiesForStoriesLeaving } from '../associations/share-association';
import { retryOnConcurrentChange } from '../concurrency';
import type { Write } from '../unit-of-work';
import type { SeriesRecord } from './series-repository';
import { getSeries } from './series-views';

/** The ports these operations use. */
export type UpdateSeriesPorts = Pick<DomainPorts, 'repositories' | 'blobs' | 'logger' | 'now'>;

export interface SeriesChange {
  title: string;
  /** Absent: the description stays as it is (a rename from the header sends only the title). */
  description?: string;
  /** The new volume list with 1-based places; absent: the volumes stay as they are. */
  volumes?: { story_id: string; place: number }[];
  image?: Buffer;
}

/**
 * PUT /api/series/{id}. The volumes are ordered by the places given and renumbered from 1; stories left out
 * become standalone; stories added leave the series they were in. The series, every story whose series
 * changes and every other series a story leaves are written in one transaction.
 */
export async function updateSeries(
  ports: UpdateSeriesPorts,
  userId: string,
  seriesId: string,
  change: SeriesChange,
): Promise<Series> {
  const { repositories } = ports;
  const { series: seriesRepository, stories: storyRepository } = repositories;
  const now = ports.now();

  // 404 before any image is processed.
  await seriesRepository.requireOwned(userId, seriesId);
  const newImage = change.image
    ? await storeImage(
        ports.blobs,
        seriesImagePrefix(seriesId),
        await prepareUploadedImage(change.image),
        now,
      )
    : undefined;

  await replaceImages(ports, newImage ? [newImage.key] : [], async () => {
    const previousImageUrl = await retryOnConcurrentChange(async () => {
      const series = await seriesRepository.requireOwned(userId, seriesId);
      const storyIds = change.volumes
        ? applyPlacements(
            [],
            change.volumes.map((volume) => ({ id: volume.story_id, index: volume.place - 1 })),
          )
        : series.story_ids;
      const added = storyIds.filter((id) => !series.story_ids.includes(id));
      const removed = series.story_ids.filter((id) => !storyIds.includes(id));

      const addedStories = await storyRepository.getOwned(userId, added);
      if (addedStories.length !== added.length) throw new NotFoundError('No such story.');
      const otherSeriesIds = [
        ...new Set(
          addedStories.flatMap((story) =>
            story.series_id && story.series_id !== seriesId ? [story.series_id] : [],
          ),
        ),
      ];
      const otherSeries = (
        await Promise.all(otherSeriesIds.map((id) => seriesRepository.get(userId, id)))
      ).filter((other): other is SeriesRecord => other !== undefined);

      const writes: Write[] = [
        seriesRepository.saveItem(
          userId,
          {
            ...series,
            series_title: change.title,
            series_description: change.description ?? series.series_description,
            image_url: newImage?.url ?? series.image_url,
            story_ids: storyIds,
          },
          now,
        ),
        ...otherSeries.map((other) =>
          seriesRepository.saveItem(
            userId,
            { ...other, story_ids: other.story_ids.filter((id) => !added.includes(id)) },
            now,
          ),
        ),
        ...addedStories.map((story) =>
          storyRepository.setSeriesItem(userId, story.story_id, seriesId, story.series_id, now),
        ),
        ...removed.map((id) => storyRepository.setSeriesItem(userId, id, undefined, seriesId, now)),
        // Stories leaving a series (this one, or another for this one) keep copies of what it shared.
        ...(await copiesForStoriesLeaving(repositories, seriesId, removed)),
        ...(
          await Promise.all(
            otherSeries.map((other) =>
              copiesForStoriesLeaving(
                repositories,
                other.series_id,
                added.filter((id) => other.story_ids.includes(id)),
              ),
            ),
          )
        ).flat(),
      ];
      await repositories.commit(writes);
      return series.image_url;
    });
    const replacedImage = newImage && imageKeyOf(previousImageUrl, seriesImagePrefix(seriesId));
    return { answer: undefined, replaced: replacedImage ? [replacedImage] : [] };
  });
  return getSeries(repositories, userId, seriesId);
}
