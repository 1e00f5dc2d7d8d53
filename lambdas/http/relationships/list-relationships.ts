import { RelationshipsQuerySchema } from '../../../shared/schemas/relationships';
import { listRelationships } from '../../domain/relationships/relationships';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/relationships?as_of=: every entry, or those standing at a chapter. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  query: RelationshipsQuerySchema,
  async handle({ params, query, userId, ports }) {
    return ok(await listRelationships(ports, { userId, storyId: params.storyId }, query.as_of));
  },
});
