import { AssociationQuerySchema } from '../../../shared/schemas/facts';
import { getAssociation } from '../../domain/associations/associations';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { AssociationPathSchema } from '../path-parameters';

/**
 * GET /api/stories/{storyId}/associations/{associationId}[?as_of={chapterId}]: one association with its details
 * and its facts (all of them, or those standing at the chapter).
 */
export const handler = httpRoute({
  auth: 'required',
  params: AssociationPathSchema,
  query: AssociationQuerySchema,
  async handle({ userId, params, query, ports }) {
    const association = await getAssociation(
      ports,
      { userId, storyId: params.storyId },
      params.associationId,
      query.as_of,
    );
    return ok(association);
  },
});
