import type { Story } from '../../../../../shared/schemas/story';
import { api } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

/**
 * GET /api/stories, narrowed to the stories in no series: the ones the 'Add Story' dialog offers. The
 * series feature reads the list for itself rather than reaching into the stories feature.
 */
export async function getStandaloneStories(signal?: AbortSignal): Promise<Story[]> {
  const stories = await api.get<Story[]>('/api/stories', { signal });
  return stories.filter((story) => !story.series_id);
}

export function useStandaloneStories() {
  return useApiQuery(getStandaloneStories);
}
