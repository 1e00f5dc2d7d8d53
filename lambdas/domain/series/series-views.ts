import type { Series, SeriesVolume } from '../../../shared/schemas/series';
import type { Repositories } from '../repositories';
import type { StoryRecord } from '../stories/story-repository';
import { toStory } from '../stories/story-views';
import type { SeriesRecord } from './series-repository';

/** The series as the API answers it, with its volumes in place order. */
export function toSeries(series: SeriesRecord, stories: StoryRecord[]): Series {
  const byId = new Map(stories.map((story) => [story.story_id, story]));
  const volumes = series.story_ids.flatMap((storyId) => {
    const story = byId.get(storyId);
    return story ? [toStory(story, series) as SeriesVolume] : [];
  });
  return {
    series_id: series.series_id,
    series_title: series.series_title,
    series_description: series.series_description,
    image_url: series.image_url,
    stories: volumes,
    created_at: series.created_at,
    updated_at: series.updated_at,
  };
}

/** GET /api/series: the caller's series, oldest first, each with its volumes. */
export async function listSeries(repositories: Repositories, userId: string): Promise<Series[]> {
  const [series, stories] = await Promise.all([
    repositories.series.listOwned(userId),
    repositories.stories.listOwned(userId),
  ]);
  return series
    .sort((first, second) => first.created_at.localeCompare(second.created_at))
    .map((item) => toSeries(item, stories));
}

/** GET /api/series/{id}. */
export async function getSeries(
  repositories: Repositories,
  userId: string,
  seriesId: string,
): Promise<Series> {
  const series = await repositories.series.requireOwned(userId, seriesId);
  const stories = await repositories.stories.getOwned(userId, series.story_ids);
  return toSeries(series, stories);
}
