import { DEFAULT_STORY_IMAGE_URL } from '../../../shared/default-images';
import type { Chapter } from '../../../shared/schemas/chapter';
import type { Story } from '../../../shared/schemas/story';
import { listChapters, orderedChapters } from '../chapters/chapter-list';
import type { Repositories } from '../repositories';
import type { SeriesRecord } from '../series/series-repository';
import type { StoryRecord } from './story-repository';

/** Unix seconds, as the old product answered `created_at` (records keep ISO 8601). */
export function toUnixSeconds(isoTime: string): number {
  return Math.floor(Date.parse(isoTime) / 1000);
}

/**
 * The story as the API answers it; its series (when it is a volume) gives its place, and a standalone story
 * takes `standalonePlace` (its place among the author's standalone stories) when the caller knows it.
 */
export function toStory(
  story: StoryRecord,
  series: SeriesRecord | undefined,
  chapters: Chapter[],
  standalonePlace?: number,
): Story {
  const index =
    series && series.series_id === story.series_id ? series.story_ids.indexOf(story.story_id) : -1;
  return {
    story_id: story.story_id,
    title: story.title,
    description: story.description,
    image_url: story.image_url || DEFAULT_STORY_IMAGE_URL,
    ...(series && index >= 0
      ? {
          series_id: series.series_id,
          series_title: series.series_title,
          series_place: index + 1,
          place: index + 1,
        }
      : standalonePlace === undefined
        ? {}
        : { place: standalonePlace }),
    created_at: toUnixSeconds(story.created_at),
    updated_at: story.updated_at,
    chapters,
    ...(story.import ? { import: story.import } : {}),
  };
}

/** Each of the author's stories' chapters in order, by story id, read together (see `listOfStories`). */
export async function chaptersOfStories(
  repositories: Repositories,
  userId: string,
  storyIds: string[],
): Promise<Map<string, Chapter[]>> {
  const storiesChapters = await repositories.chapters.listOfStories(userId, storyIds);
  return new Map(
    [...storiesChapters].map(([storyId, { chapters, index }]) => [storyId, orderedChapters(chapters, index)]),
  );
}

const byCreation = (first: StoryRecord, second: StoryRecord) =>
  first.created_at.localeCompare(second.created_at);

/**
 * GET /api/stories: every story of the caller, oldest first, with its chapters (spec §3 Story). Volumes carry
 * their series and place; a standalone story's place is its place among the standalone stories.
 */
export async function listStories(repositories: Repositories, userId: string): Promise<Story[]> {
  const { stories, series } = await repositories.stories.listLibrary(userId);
  const seriesById = new Map(series.map((item) => [item.series_id, item]));
  const chaptersByStory = await chaptersOfStories(
    repositories,
    userId,
    stories.map((story) => story.story_id),
  );
  let standalonePlace = 0;
  return stories.sort(byCreation).map((story) => {
    const volumeOf = story.series_id ? seriesById.get(story.series_id) : undefined;
    const isVolume = volumeOf?.story_ids.includes(story.story_id) ?? false;
    return toStory(
      story,
      volumeOf,
      chaptersByStory.get(story.story_id) ?? [],
      isVolume ? undefined : ++standalonePlace,
    );
  });
}

/** GET /api/stories/{id}: the story with its chapters in order and its outline (spec §3; [] when none). */
export async function getStory(repositories: Repositories, userId: string, storyId: string): Promise<Story> {
  const story = await repositories.stories.requireOwned(userId, storyId);
  const [series, chapters, outline] = await Promise.all([
    story.series_id ? repositories.series.get(userId, story.series_id) : undefined,
    listChapters(repositories, storyId),
    repositories.outlines.get(storyId),
  ]);
  return { ...toStory(story, series, chapters), outline: outline.sections };
}
