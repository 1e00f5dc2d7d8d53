import { DEFAULT_STORY_IMAGE_URL } from '../../../shared/default-images';
import type { Story } from '../../../shared/schemas/story';
import {
  readStoryContents,
  storyContents,
  withWordCounts,
  type StoryContents,
} from '../chapters/chapter-words';
import type { Repositories } from '../repositories';
import {
  chaptersReached,
  reachesChapter,
  requireStoryAccess,
  type StoryAccess,
} from '../review/story-access';
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
  { chapters, word_count, last_edited_at }: StoryContents,
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
    word_count,
    last_edited_at,
    ...(story.import ? { import: story.import } : {}),
  };
}

/**
 * Each of the author's stories' contents, by story id, their chapters read together (see `listOfStories`) and
 * counted where need be.
 */
async function contentsOfStories(
  repositories: Repositories,
  userId: string,
  stories: StoryRecord[],
): Promise<Map<string, StoryContents>> {
  const listed = await repositories.chapters.listOfStories(
    userId,
    stories.map((story) => story.story_id),
  );
  const storyIds = [...listed.keys()];
  const counted = await withWordCounts(repositories, [...listed.values()]);
  const byId = new Map(stories.map((story) => [story.story_id, story]));
  return new Map(
    counted.map((chapters, position) => {
      const storyId = storyIds[position]!;
      return [storyId, storyContents(byId.get(storyId)!, chapters)];
    }),
  );
}

const noChapters = { chapters: [], index: { chapter_ids: [], version: 0 } };

const byCreation = (first: StoryRecord, second: StoryRecord) =>
  first.created_at.localeCompare(second.created_at);

/**
 * GET /api/stories: every story of the caller, oldest first, with its chapters (spec §3 Story). Volumes carry
 * their series and place; a standalone story's place is its place among the standalone stories.
 */
export async function listStories(repositories: Repositories, userId: string): Promise<Story[]> {
  const { stories, series } = await repositories.stories.listLibrary(userId);
  const seriesById = new Map(series.map((item) => [item.series_id, item]));
  const contentsByStory = await contentsOfStories(repositories, userId, stories);
  let standalonePlace = 0;
  return stories.sort(byCreation).map((story) => {
    const volumeOf = story.series_id ? seriesById.get(story.series_id) : undefined;
    const isVolume = volumeOf?.story_ids.includes(story.story_id) ?? false;
    return toStory(
      story,
      volumeOf,
      contentsByStory.get(story.story_id) ?? storyContents(story, noChapters),
      isVolume ? undefined : ++standalonePlace,
    );
  });
}

/**
 * The story with its chapters in order and its outline (spec §3; [] when none), as the access reaches it: a
 * collaborator sees the chapters shared, without the author's outline and planning notes.
 */
async function storyAsReached(repositories: Repositories, access: StoryAccess): Promise<Story> {
  const { story } = access;
  const [series, contents, outline] = await Promise.all([
    story.series_id ? repositories.series.get(access.ownerId, story.series_id) : undefined,
    readStoryContents(repositories, story, (chapterId) => reachesChapter(access, chapterId)),
    access.kind === 'author' ? repositories.outlines.get(story.story_id) : undefined,
  ]);
  return {
    ...toStory(story, series, { ...contents, chapters: chaptersReached(access, contents.chapters) }),
    outline: outline?.sections ?? [],
  };
}

/** The author's own story (the routes only its author reaches, as `/full`). */
export async function getStory(repositories: Repositories, userId: string, storyId: string): Promise<Story> {
  const story = await repositories.stories.requireOwned(userId, storyId);
  return storyAsReached(repositories, { kind: 'author', userId, ownerId: userId, story });
}

/**
 * GET /api/stories/{id}: the story for its author or for someone it was shared with (issue 24), with the
 * caller's role and what they have not yet seen of its comments.
 */
export async function getReachableStory(
  repositories: Repositories,
  userId: string,
  storyId: string,
  now: Date,
): Promise<Story> {
  const { access, unread } = await requireStoryAccess(repositories, userId, storyId, now, {
    unread: repositories.comments.getUnreadRead(storyId, userId),
  });
  return {
    ...(await storyAsReached(repositories, access)),
    review: {
      role: access.kind === 'author' ? 'author' : access.role,
      ...(access.kind === 'collaborator' ? { author_name: access.authorName } : {}),
      unread_comments: unread,
    },
  };
}
