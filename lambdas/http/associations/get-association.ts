import { getAssociation } from '../../domain/associations/associations';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { AssociationPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/associations/{associationId}: one association with its details. */
export const handler = httpRoute({
  auth: 'required',
  params: AssociationPathSchema,
  async handle({ userId, params, ports }) {
    const association = await getAssociation(
      ports,
      { userId, storyId: params.storyId },
      params.associationId,
    );
    return ok(association);
  },
});
