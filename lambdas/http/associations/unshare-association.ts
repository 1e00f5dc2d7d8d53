import { unshareAssociation } from '../../domain/associations/share-association';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { AssociationPathSchema } from '../path-parameters';

/**
 * POST /api/stories/{storyId}/associations/{associationId}/unshare: the series' shared association becomes
 * this story's own again; answers it with `scope: "story"`.
 */
export const handler = httpRoute({
  auth: 'required',
  params: AssociationPathSchema,
  async handle({ userId, params, ports }) {
    return ok(await unshareAssociation(ports, { userId, storyId: params.storyId }, params.associationId));
  },
});
