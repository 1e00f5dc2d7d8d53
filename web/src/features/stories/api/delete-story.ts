import { api } from '../../../lib/api-client';

/** DELETE /api/stories/{id}: the story and everything in it (chapters, associations, images). */
export function deleteStory(storyId: string): Promise<void> {
  return api.delete<void>(`/api/stories/${encodeURIComponent(storyId)}`);
}
