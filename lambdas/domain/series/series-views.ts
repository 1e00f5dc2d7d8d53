import type { Series, SeriesVolume } from '../../../shared/schemas/series';
import type { Repositories } from '../repositories';
import type { StoryRecord } from '../stories/story-repository';
import { DEFAULT_SERIES_IMAGE_URL } from '../../../shared/default-images';
import { toStory, toUnixSeconds } from '../stories/story-views';
import { readStoryContents, type StoryContents } from '../chapters/chapter-words';
import { inBatches } from '../in-batches';
import type { SeriesRecord } from './series-repository';

/** The series as the API answers it, with its volumes (and their chapters) in place order. */
export function toSeries(
  series: SeriesRecord,
  stories: StoryRecord[],
  contentsByStory: Map<string, StoryContents>,
): Series {
  const byId = new Map(stories.map((story) => [story.story_id, story]));
  const volumes = series.story_ids.flatMap((storyId) => {
    const story = byId.get(storyId);
    const contents = contentsByStory.get(storyId);
    return story && contents ? [toStory(story, series, contents) as SeriesVolume] : [];
  });
  return {
    series_id: series.series_id,
    series_title: series.series_title,
    series_description: series.series_description,
    image_url: series.image_url || DEFAULT_SERIES_IMAGE_URL,
    stories: volumes,
    created_at: toUnixSeconds(series.created_at),
    updated_at: series.updated_at,
  };
}

/** Volumes' chapter lists read at once; enough to be quick, few enough not to burst the table's capacity. */
const PARALLEL_CHAPTER_LIST_READS = 8;

/**
 * Each volume's contents, by story id, one Query per volume: what a series shows grows with its volumes, while
 * the author's whole chapter listing (see `listOfStories`) would grow with every story.
 */
async function contentsOfVolumes(
  repositories: Repositories,
  volumes: StoryRecord[],
): Promise<Map<string, StoryContents>> {
  const lists = await inBatches(volumes, PARALLEL_CHAPTER_LIST_READS, (story) =>
    readStoryContents(repositories, story),
  );
  return new Map(volumes.map((story, position) => [story.story_id, lists[position]!]));
}

/** GET /api/series: the caller's series, oldest first, each with its volumes. */
export async function listSeries(repositories: Repositories, userId: string): Promise<Series[]> {
  const series = await repositories.series.listOwned(userId);
  // Only the volumes are read: the author's standalone stories are no part of the answer.
  const volumes = await repositories.stories.getOwned(
    userId,
    series.flatMap((item) => item.story_ids),
  );
  const contentsByStory = await contentsOfVolumes(repositories, volumes);
  return series
    .sort((first, second) => first.created_at.localeCompare(second.created_at))
    .map((item) => toSeries(item, volumes, contentsByStory));
}

/** GET /api/series/{id}. */
export async function getSeries(
  repositories: Repositories,
  userId: string,
  seriesId: string,
): Promise<Series> {
  const series = await repositories.series.requireOwned(userId, seriesId);
  const stories = await repositories.stories.getOwned(userId, series.story_ids);
  const contentsByStory = await contentsOfVolumes(repositories, stories);
  return toSeries(series, stories, contentsByStory);
}
