import { getAppearances } from '../../domain/story-bible/appearances';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { AssociationPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/associations/{associationId}/appearances: where the association is mentioned. */
export const handler = httpRoute({
  auth: 'required',
  params: AssociationPathSchema,
  async handle({ userId, params, ports }) {
    return ok(
      await getAppearances(ports.repositories, { userId, storyId: params.storyId }, params.associationId),
    );
  },
});
