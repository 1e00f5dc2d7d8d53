import { FactChangesSchema } from '../../../shared/schemas/facts';
import { updateFact } from '../../domain/associations/facts';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { FactPathSchema } from '../path-parameters';

/** PATCH /api/stories/{storyId}/associations/{associationId}/facts/{factId}: its label, value or chapter. */
export const handler = httpRoute({
  auth: 'required',
  params: FactPathSchema,
  body: FactChangesSchema,
  async handle({ userId, params, body, ports }) {
    const scope = { userId, storyId: params.storyId, associationId: params.associationId, now: ports.now() };
    return ok(await updateFact(ports.repositories, scope, params.factId, body));
  },
});
