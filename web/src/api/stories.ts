/** The story calls of spec §7: one fetcher per endpoint, each answer parsed with the shared schema. */
import {
  FullStorySchema,
  StoryListSchema,
  StorySchema,
  type CreateStoryForm,
  type FullStory,
  type Story,
  type UpdateStoryDetailsForm,
} from '../../../shared/schemas/story';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { apiPaths } from './api-paths';
import { multipart } from './multipart';

export const storyKeys = {
  all: ['stories'] as const,
  list: () => [...storyKeys.all, 'list'] as const,
  detail: (storyId: string) => [...storyKeys.all, 'detail', storyId] as const,
  full: (storyId: string) => [...storyKeys.all, 'full', storyId] as const,
};

export const storiesQuery = () =>
  queryOptions({ queryKey: storyKeys.list(), queryFn: ({ signal }) => getStories(signal) });

export const storyQuery = (storyId: string) =>
  queryOptions({ queryKey: storyKeys.detail(storyId), queryFn: ({ signal }) => getStory(storyId, signal) });

export const fullStoryQuery = (storyId: string) =>
  queryOptions({ queryKey: storyKeys.full(storyId), queryFn: ({ signal }) => getFullStory(storyId, signal) });

/**
 * GET /api/stories: every story of the author, volumes included (they carry their series_id). `background`
 * for polling (an import's progress), which must not raise the loading overlay.
 */
export async function getStories(signal?: AbortSignal, background = false): Promise<Story[]> {
  return StoryListSchema.parse(await api.get(apiPaths.stories, { signal, background }));
}

/** GET /api/stories/{id}: the story with its chapters. */
export async function getStory(storyId: string, signal?: AbortSignal): Promise<Story> {
  return StorySchema.parse(await api.get(apiPaths.story(storyId), { signal }));
}

/**
 * GET /api/stories/{id}/full: every chapter with its stored paragraphs, read page by page (a large story comes
 * in several, each naming the `next`) and put back together: a chapter continued on the next page gets that
 * page's paragraphs appended. In the background: the word count read from it is a courtesy, and must not
 * cover the manuscript with the loading overlay.
 */
export async function getFullStory(storyId: string, signal?: AbortSignal): Promise<FullStory> {
  const first = FullStorySchema.parse(
    await api.get(apiPaths.fullStory(storyId), { background: true, signal }),
  );
  const chaptersWithContents = first.chapters_with_contents;
  let cursor = first.next;
  while (cursor !== undefined) {
    const page = FullStorySchema.parse(
      await api.get(apiPaths.fullStory(storyId), { query: { cursor }, background: true, signal }),
    );
    for (const entry of page.chapters_with_contents) {
      const last = chaptersWithContents.at(-1);
      if (last?.chapter.id === entry.chapter.id) last.blocks.items.push(...entry.blocks.items);
      else chaptersWithContents.push(entry);
    }
    cursor = page.next;
  }
  const { next: _lastPage, ...story } = first;
  return { ...story, chapters_with_contents: chaptersWithContents };
}

/**
 * POST /api/stories, multipart. Without a file the server makes the sample cover (spec §2); without
 * series_place a new volume goes to the end of its series.
 */
export async function createStory(fields: CreateStoryForm, image: File | null): Promise<Story> {
  return StorySchema.parse(await api.post(apiPaths.stories, multipart(fields, image)));
}

/**
 * PUT /api/stories/{id}/details, multipart. Series fields left out keep the story's series as it is; sent
 * empty, they make it standalone. Without a file the image stays.
 */
export async function updateStoryDetails(
  storyId: string,
  fields: UpdateStoryDetailsForm,
  image: File | null = null,
): Promise<Story> {
  return StorySchema.parse(await api.put(apiPaths.storyDetails(storyId), multipart(fields, image)));
}

/** DELETE /api/stories/{id}: the story and everything in it (chapters, associations, images). */
export async function deleteStory(storyId: string): Promise<void> {
  await api.delete(apiPaths.story(storyId));
}
