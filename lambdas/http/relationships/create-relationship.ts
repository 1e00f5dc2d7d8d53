import { CreateRelationshipRequestSchema } from '../../../shared/schemas/relationships';
import { createRelationship } from '../../domain/relationships/relationships';
import { httpRoute } from '../../middleware/http-route';
import { json } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** POST /api/stories/{storyId}/relationships: a labelled, directed relationship from a chapter on. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: CreateRelationshipRequestSchema,
  async handle({ params, body, userId, ports }) {
    return json(201, await createRelationship(ports, { userId, storyId: params.storyId }, body));
  },
});
