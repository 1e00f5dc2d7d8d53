import type { Story } from '../../../../../shared/schemas/story';
import { api } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

/** GET /api/stories: every story of the author, volumes included (they carry their series_id). */
export function getStories(signal?: AbortSignal): Promise<Story[]> {
  return api.get<Story[]>('/api/stories', { signal });
}

export function useStories() {
  return useApiQuery(getStories);
}
