import { useCallback } from 'react';
import type { Story } from '../../../../../shared/schemas/story';
import { api } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

/** GET /api/stories/{id}. */
export function getStory(storyId: string, signal?: AbortSignal): Promise<Story> {
  return api.get<Story>(`/api/stories/${encodeURIComponent(storyId)}`, { signal });
}

export function useStory(storyId: string) {
  return useApiQuery(useCallback((signal: AbortSignal) => getStory(storyId, signal), [storyId]));
}
