import { deleteRelationship } from '../../domain/relationships/relationships';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';
import { RelationshipPathSchema } from '../path-parameters';

/** DELETE /api/stories/{storyId}/relationships/{relationshipId}. */
export const handler = httpRoute({
  auth: 'required',
  params: RelationshipPathSchema,
  async handle({ params, userId, ports }) {
    await deleteRelationship(ports, { userId, storyId: params.storyId }, params.relationshipId);
    return noContent();
  },
});
