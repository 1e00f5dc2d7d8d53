import type { Story } from '../../../../../shared/schemas/story';
import { api } from '../../../lib/api-client';
import type { StoryDetails } from '../types';

/**
 * PUT /api/stories/{id}/details, multipart. Both series fields always go out: empty ones make the story
 * standalone, an unchanged series_id keeps its place, a new series_name creates that series.
 */
export function updateStoryDetails(storyId: string, details: StoryDetails): Promise<Story> {
  const form = new FormData();
  form.set('title', details.title);
  form.set('description', details.description);
  form.set('series_id', details.series.kind === 'existing' ? details.series.seriesId : '');
  form.set('series_name', details.series.kind === 'new' ? details.series.title : '');
  if (details.image) form.set('file', details.image);
  return api.put<Story>(`/api/stories/${encodeURIComponent(storyId)}/details`, form);
}
