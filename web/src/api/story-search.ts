/** Find and replace across a story (issue 14 §3), each answer parsed with the shared schema. */
import { queryOptions } from '@tanstack/react-query';
import {
  StoryReplaceResponseSchema,
  StorySearchResultSchema,
  type StoryReplaceRequest,
  type StoryReplaceResponse,
  type StorySearchResult,
} from '../../../shared/schemas/story-search';
import type { FindOptions } from '../../../shared/text-replacement';
import { api } from '../lib/api-client';
import { apiPaths } from './api-paths';

export interface StorySearch extends FindOptions {
  query: string;
}

export const storySearchKeys = {
  all: (storyId: string) => ['story-search', storyId] as const,
  search: (storyId: string, search: StorySearch) => [...storySearchKeys.all(storyId), search] as const,
};

/**
 * GET /api/stories/{storyId}/search?q=&case_sensitive=&whole_word=: the story's matches by chapter. In the
 * background: the panel shows its own progress.
 */
export async function searchStory(
  storyId: string,
  search: StorySearch,
  signal?: AbortSignal,
): Promise<StorySearchResult> {
  const response = await api.get(apiPaths.storySearch(storyId), {
    query: {
      q: search.query,
      case_sensitive: String(search.case_sensitive),
      whole_word: String(search.whole_word),
    },
    background: true,
    signal,
  });
  return StorySearchResultSchema.parse(response);
}

export const storySearchQuery = (storyId: string, search: StorySearch) =>
  queryOptions({
    queryKey: storySearchKeys.search(storyId, search),
    queryFn: ({ signal }) => searchStory(storyId, search, signal),
  });

/** POST /api/stories/{storyId}/replace: every match replaced in the stored text. */
export async function replaceInStory(
  storyId: string,
  request: StoryReplaceRequest,
): Promise<StoryReplaceResponse> {
  return StoryReplaceResponseSchema.parse(await api.post(apiPaths.storyReplace(storyId), request));
}
