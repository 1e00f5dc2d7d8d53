import {
  AssociationSchema,
  type Association,
  type AssociationType,
  type CreateAssociationsRequest,
} from '../../../../../shared/schemas/associations';
import { api } from '../../../lib/api-client';
import { associationPaths } from './association-paths';

/**
 * POST /api/stories/{storyId}/associations with one association (the body is a list, spec §7). The server
 * fills in the rest (case-sensitive by default, the type's default portrait) and answers the created list.
 */
export async function createAssociation(
  storyId: string,
  name: string,
  type: AssociationType,
): Promise<Association> {
  const body: CreateAssociationsRequest = [{ association_name: name, association_type: type }];
  const [created] = AssociationSchema.array()
    .length(1)
    .parse(await api.post(associationPaths.collection(storyId), body));
  return created!;
}
