import type { Chapter } from '../../../shared/schemas/chapter';
import type { Story } from '../../../shared/schemas/story';
import type { Database } from '../../ports';
import { listChapters } from '../chapters/chapter-list';
import { type SeriesRecord, SeriesRepository } from '../series/series-repository';
import { type StoryRecord, StoryRepository } from './story-repository';

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
  };
}

const byCreation = (first: StoryRecord, second: StoryRecord) =>
  first.created_at.localeCompare(second.created_at);

/** GET /api/stories: every story of the caller, oldest first; volumes carry their series and place. */
export async function listStories(database: Database, userId: string): Promise<Story[]> {
  const [stories, series] = await Promise.all([
    new StoryRepository(database).listOwned(userId),
    new SeriesRepository(database).listOwned(userId),
  ]);
  const seriesById = new Map(series.map((item) => [item.series_id, item]));
  return stories
    .sort(byCreation)
    .map((story) => toStory(story, story.series_id ? seriesById.get(story.series_id) : undefined));
}

/** GET /api/stories/{id}: the story with its chapters in order. */
export async function getStory(database: Database, userId: string, storyId: string): Promise<Story> {
  const story = await new StoryRepository(database).requireOwned(userId, storyId);
  const [series, chapters] = await Promise.all([
    story.series_id ? new SeriesRepository(database).get(userId, story.series_id) : undefined,
    listChapters(database, storyId),
  ]);
  return toStory(story, series, chapters);
}
