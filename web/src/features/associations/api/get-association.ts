import { AssociationSchema, type Association } from '../../../../../shared/schemas/associations';
import { api } from '../../../lib/api-client';
import { associationPaths } from './association-paths';

/**
 * GET /api/stories/{storyId}/associations/{associationId}: one association with its details. In the
 * background: the panel shows its own loading overlay rather than covering the page.
 */
export async function getAssociation(
  storyId: string,
  associationId: string,
  signal?: AbortSignal,
): Promise<Association> {
  const response = await api.get(associationPaths.one(storyId, associationId), { background: true, signal });
  return AssociationSchema.parse(response);
}
