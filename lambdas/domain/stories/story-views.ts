import type { Chapter } from '../../../shared/schemas/chapter';
import type { Story } from '../../../shared/schemas/story';
import { listChapters } from '../chapters/chapter-list';
import type { Repositories } from '../repositories';
import type { SeriesRecord } from '../series/series-repository';
import type { StoryRecord } from './story-repository';

/** The story as the API answers it; its series (when it is a volume) gives its place. */
export function toStory(story: StoryRecord, series: SeriesRecord | undefined, chapters?: Chapter[]): Story {
  const index =
    series && series.series_id === story.series_id ? series.story_ids.indexOf(story.story_id) : -1;
  return {
    story_id: story.story_id,
    title: story.title,
    description: story.description,
    image_url: story.image_url,
    ...(series && index >= 0
      ? {
          series_id: series.series_id,
          series_title: series.series_title,
          series_place: index + 1,
          place: index + 1,
        }
      : {}),
    created_at: story.created_at,
    updated_at: story.updated_at,
    ...(chapters ? { chapters } : {}),
    ...(story.import ? { import: story.import } : {}),
  };
}

const byCreation = (first: StoryRecord, second: StoryRecord) =>
  first.created_at.localeCompare(second.created_at);

/** GET /api/stories: every story of the caller, oldest first; volumes carry their series and place. */
export async function listStories(repositories: Repositories, userId: string): Promise<Story[]> {
  const [stories, series] = await Promise.all([
    repositories.stories.listOwned(userId),
    repositories.series.listOwned(userId),
  ]);
  const seriesById = new Map(series.map((item) => [item.series_id, item]));
  return stories
    .sort(byCreation)
    .map((story) => toStory(story, story.series_id ? seriesById.get(story.series_id) : undefined));
}

/** GET /api/stories/{id}: the story with its chapters in order. */
export async function getStory(repositories: Repositories, userId: string, storyId: string): Promise<Story> {
  const story = await repositories.stories.requireOwned(userId, storyId);
  const [series, chapters] = await Promise.all([
    story.series_id ? repositories.series.get(userId, story.series_id) : undefined,
    listChapters(repositories, storyId),
  ]);
  return toStory(story, series, chapters);
}
