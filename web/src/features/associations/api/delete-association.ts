import type { DeleteAssociationsRequest } from '../../../../../shared/schemas/associations';
import { api } from '../../../lib/api-client';
import { associationPaths } from './association-paths';

/** DELETE /api/stories/{storyId}/associations with a list of one (spec §7); the server answers 204. */
export async function deleteAssociation(storyId: string, associationId: string): Promise<void> {
  const body: DeleteAssociationsRequest = [{ association_id: associationId }];
  await api.delete(associationPaths.collection(storyId), body);
}
