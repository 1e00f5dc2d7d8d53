import type { Story } from '../../../shared/schemas/story';
import type { DomainPorts } from '../ports';
import { prepareUploadedImage } from '../images/images';
import { generateCoverImage } from '../images/generated-cover';
import {
  imageKeyOf,
  isTitleCover,
  replaceImages,
  storeImage,
  storyImagePrefix,
} from '../images/stored-images';
import { resolveSeriesChoice, type SeriesChoice, seriesChangedByMove } from '../series/series-membership';
import { copiesForStoriesLeaving } from '../associations/share-association';
import { retryOnConcurrentChange } from '../concurrency';
import { readStoryContents } from '../chapters/chapter-words';
import { toStory } from './story-views';

/** The ports these operations use. */
export type UpdateStoryDetailsPorts = Pick<DomainPorts, 'repositories' | 'blobs' | 'logger' | 'now'>;

/** What becomes of the story's image: kept, replaced by an upload, or removed (its default picture shows). */
export type ImageChange = { kind: 'keep' } | { kind: 'replace'; bytes: Buffer } | { kind: 'remove' };

export interface StoryDetailsChange {
  title: string;
  description: string;
  series: SeriesChoice;
  /** Without one, the story keeps its image. */
  image?: ImageChange;
}

/**
 * PUT /api/stories/{id}/details: title, description, image and series in one transaction with the series
 * items the move changes (the one it leaves, the one it joins).
 */
export async function updateStoryDetails(
  ports: UpdateStoryDetailsPorts,
  userId: string,
  storyId: string,
  change: StoryDetailsChange,
): Promise<Story> {
  const { repositories } = ports;
  const { stories: storyRepository, series: seriesRepository } = repositories;
  const now = ports.now();

  // 404 before any image is processed.
  const before = await storyRepository.requireOwned(userId, storyId);
  const image = change.image ?? { kind: 'keep' };
  // A cover drawn from the title follows the title, until the author gives the story a picture of their own.
  const redrawsCover =
    image.kind === 'keep' && change.title !== before.title && isTitleCover(before.image_url);
  const prepared =
    image.kind === 'replace'
      ? await prepareUploadedImage(image.bytes)
      : redrawsCover
        ? await generateCoverImage(change.title)
        : undefined;
  const newImage = prepared && (await storeImage(ports.blobs, storyImagePrefix(storyId), prepared, now));

  return replaceImages(ports, newImage ? [newImage.key] : [], async () => {
    const { updated, previousImageUrl } = await retryOnConcurrentChange(async () => {
      const story = await storyRepository.requireOwned(userId, storyId);
      const current = story.series_id ? await seriesRepository.get(userId, story.series_id) : undefined;
      const { series: choice } = change;
      const target =
        choice.kind === 'series'
          ? await resolveSeriesChoice(seriesRepository, userId, choice, now)
          : choice.kind === 'unchanged'
            ? current
            : undefined;
      const place = choice.kind === 'standalone' ? undefined : choice.place;
      const changedSeries = seriesChangedByMove(storyId, current, target, place);
      // A redrawn cover replaces only the cover it was drawn for, not a picture uploaded meanwhile.
      const redrawn = redrawsCover && story.image_url === before.image_url ? newImage : undefined;
      const details = {
        title: change.title,
        description: change.description,
        // No image of its own: the story's view answers the default picture.
        image_url:
          image.kind === 'remove'
            ? ''
            : image.kind === 'replace'
              ? newImage!.url
              : (redrawn?.url ?? story.image_url),
      };
      await repositories.commit([
        storyRepository.updateItem(
          userId,
          storyId,
          { details, seriesId: target?.series_id, expectedSeriesId: story.series_id },
          now,
        ),
        ...changedSeries.map((series) => seriesRepository.saveItem(userId, series, now)),
        // Leaving its series, the story keeps copies of what the series shared.
        ...(story.series_id && story.series_id !== target?.series_id
          ? await copiesForStoriesLeaving(repositories, story.series_id, [storyId])
          : []),
      ]);
      const targetAfter = changedSeries.find((series) => series.series_id === target?.series_id) ?? target;
      const updatedStory = {
        ...story,
        ...details,
        series_id: target?.series_id,
        updated_at: now.toISOString(),
      };
      const view = toStory(updatedStory, targetAfter, await readStoryContents(repositories, updatedStory));
      return { updated: view, previousImageUrl: story.image_url };
    });
    const kept = updated.image_url === previousImageUrl;
    const unused = newImage && updated.image_url !== newImage.url ? [newImage.key] : [];
    const replacedImage = !kept && imageKeyOf(previousImageUrl, storyImagePrefix(storyId));
    return { answer: updated, replaced: [...(replacedImage ? [replacedImage] : []), ...unused] };
  });
}
