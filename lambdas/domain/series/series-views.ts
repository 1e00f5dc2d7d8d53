import type { Series, SeriesVolume } from '../../../shared/schemas/series';
import type { Repositories } from '../repositories';
import type { StoryRecord } from '../stories/story-repository';
import { DEFAULT_SERIES_IMAGE_URL } from '../../../shared/default-images';
import type { Chapter } from '../../../shared/schemas/chapter';
import { chaptersOfStories, toStory, toUnixSeconds } from '../stories/story-views';
import type { SeriesRecord } from './series-repository';

/** The series as the API answers it, with its volumes (and their chapters) in place order. */
export function toSeries(
  series: SeriesRecord,
  stories: StoryRecord[],
  chaptersByStory: Map<string, Chapter[]>,
): Series {
  const byId = new Map(stories.map((story) => [story.story_id, story]));
  const volumes = series.story_ids.flatMap((storyId) => {
    const story = byId.get(storyId);
    return story ? [toStory(story, series, chaptersByStory.get(storyId) ?? []) as SeriesVolume] : [];
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

/** GET /api/series: the caller's series, oldest first, each with its volumes. */
export async function listSeries(repositories: Repositories, userId: string): Promise<Series[]> {
  const [series, stories] = await Promise.all([
    repositories.series.listOwned(userId),
    repositories.stories.listOwned(userId),
  ]);
  const volumeIds = new Set(series.flatMap((item) => item.story_ids));
  const chaptersByStory = await chaptersOfStories(
    repositories,
    stories.map((story) => story.story_id).filter((storyId) => volumeIds.has(storyId)),
  );
  return series
    .sort((first, second) => first.created_at.localeCompare(second.created_at))
    .map((item) => toSeries(item, stories, chaptersByStory));
}

/** GET /api/series/{id}. */
export async function getSeries(
  repositories: Repositories,
  userId: string,
  seriesId: string,
): Promise<Series> {
  const series = await repositories.series.requireOwned(userId, seriesId);
  const stories = await repositories.stories.getOwned(userId, series.story_ids);
  const chaptersByStory = await chaptersOfStories(
    repositories,
    stories.map((story) => story.story_id),
  );
  return toSeries(series, stories, chaptersByStory);
}
