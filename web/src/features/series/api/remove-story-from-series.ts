import type { Series } from '../../../../../shared/schemas/series';
import { api } from '../../../lib/api-client';

/** PUT /api/series/{seriesId}/story/{storyId}: the story becomes standalone; answers the updated series. */
export function removeStoryFromSeries(seriesId: string, storyId: string): Promise<Series> {
  return api.put<Series>(`/api/series/${encodeURIComponent(seriesId)}/story/${encodeURIComponent(storyId)}`);
}
