import { deleteFact } from '../../domain/associations/facts';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';
import { FactPathSchema } from '../path-parameters';

/** DELETE /api/stories/{storyId}/associations/{associationId}/facts/{factId}. */
export const handler = httpRoute({
  auth: 'required',
  params: FactPathSchema,
  async handle({ userId, params, ports }) {
    const scope = { userId, storyId: params.storyId, associationId: params.associationId, now: ports.now() };
    await deleteFact(ports.repositories, scope, params.factId);
    return noContent();
  },
});
