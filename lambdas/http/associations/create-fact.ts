import { NewFactSchema } from '../../../shared/schemas/facts';
import { createFact } from '../../domain/associations/facts';
import { httpRoute } from '../../middleware/http-route';
import { json } from '../../middleware/responses';
import { AssociationPathSchema } from '../path-parameters';

/** POST /api/stories/{storyId}/associations/{associationId}/facts: a fact true from one of the story's chapters. */
export const handler = httpRoute({
  auth: 'required',
  params: AssociationPathSchema,
  body: NewFactSchema,
  async handle({ userId, params, body, ports }) {
    const scope = { userId, storyId: params.storyId, associationId: params.associationId, now: ports.now() };
    return json(201, await createFact(ports.repositories, scope, body));
  },
});
