import { shareAssociation } from '../../domain/associations/share-association';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { AssociationPathSchema } from '../path-parameters';

/**
 * POST /api/stories/{storyId}/associations/{associationId}/share: the story's own association becomes its
 * series' shared one, seen and editable in every volume; answers it with `scope: "series"`.
 */
export const handler = httpRoute({
  auth: 'required',
  params: AssociationPathSchema,
  async handle({ userId, params, ports }) {
    return ok(await shareAssociation(ports, { userId, storyId: params.storyId }, params.associationId));
  },
});
