import {
  AssociationSchema,
  type Association,
  type AssociationChanges,
  type UpdateAssociationRequest,
} from '../../../../../shared/schemas/associations';
import { api } from '../../../lib/api-client';
import { associationPaths } from './association-paths';

/**
 * PUT /api/stories/{storyId}/associations with a list of one (spec §7): the fields given replace the stored
 * ones. Answers the association as stored.
 */
export async function updateAssociation(
  storyId: string,
  changes: AssociationChanges,
  options: { keepalive?: boolean } = {},
): Promise<Association> {
  const body: UpdateAssociationRequest = [changes];
  const response = await api.put(associationPaths.collection(storyId), body, {
    background: true,
    keepalive: options.keepalive ?? false,
  });
  const [stored] = AssociationSchema.array().length(1).parse(response);
  return stored!;
}
