import { UpdateRelationshipRequestSchema } from '../../../shared/schemas/relationships';
import { updateRelationship } from '../../domain/relationships/relationships';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { RelationshipPathSchema } from '../path-parameters';

/** PATCH /api/stories/{storyId}/relationships/{relationshipId}: labels, starting chapter or end. */
export const handler = httpRoute({
  auth: 'required',
  params: RelationshipPathSchema,
  body: UpdateRelationshipRequestSchema,
  async handle({ params, body, userId, ports }) {
    const scope = { userId, storyId: params.storyId };
    return ok(await updateRelationship(ports, scope, params.relationshipId, body));
  },
});
