import { AssociationListSchema, type AssociationListItem } from '../../../../../shared/schemas/associations';
import { ApiError, api } from '../../../lib/api-client';
import { associationPaths } from './association-paths';

/** GET /api/stories/{id}/associations/thumbs: the story's associations; 404 is an empty list (spec §8). */
export async function getAssociations(storyId: string, signal?: AbortSignal): Promise<AssociationListItem[]> {
  try {
    // In the background: the manuscript is usable without them, and the editor highlights once they arrive.
    const response = await api.get(associationPaths.thumbs(storyId), { background: true, signal });
    return AssociationListSchema.parse(response);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}
