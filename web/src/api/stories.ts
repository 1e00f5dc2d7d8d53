/** The story calls of spec §7: one fetcher per endpoint, each answer parsed with the shared schema. */
import {
  StoryListSchema,
  StorySchema,
  type CreateStoryForm,
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
};

export const storiesQuery = () =>
  queryOptions({ queryKey: storyKeys.list(), queryFn: ({ signal }) => getStories(signal) });

export const storyQuery = (storyId: string) =>
  queryOptions({ queryKey: storyKeys.detail(storyId), queryFn: ({ signal }) => getStory(storyId, signal) });

/**
 * GET /api/stories: every story of the author, volumes included (they carry their series_id). `background`
 * for polling (an import's progress), which must not raise the loading overlay.
 */
export async function getStories(signal?: AbortSignal, background = false): Promise<Story[]> {
  return StoryListSchema.parse(await api.get(apiPaths.stories, { signal, background, keepOffline: {} }));
}

/** GET /api/stories/{id}: the story with its chapters; `background` for keeping it offline unseen. */
export async function getStory(storyId: string, signal?: AbortSignal, background = false): Promise<Story> {
  return StorySchema.parse(
    await api.get(apiPaths.story(storyId), { signal, background, keepOffline: { storyId } }),
  );
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
