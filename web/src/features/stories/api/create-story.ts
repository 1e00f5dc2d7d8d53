import type { Story } from '../../../../../shared/schemas/story';
import { api } from '../../../lib/api-client';
import type { StoryDetails } from '../types';

/**
 * POST /api/stories, multipart. Without a file the server makes the sample cover (spec §2); without
 * series_place a new volume goes to the end of its series.
 */
export function createStory(details: StoryDetails): Promise<Story> {
  const form = new FormData();
  form.set('title', details.title);
  form.set('description', details.description);
  if (details.series.kind === 'existing') form.set('series_id', details.series.seriesId);
  if (details.series.kind === 'new') form.set('series_title', details.series.title);
  if (details.image) form.set('file', details.image);
  return api.post<Story>('/api/stories', form);
}
