import { AssociationQuerySchema } from '../../../shared/schemas/facts';
import { readStoryFacts } from '../../domain/associations/facts';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/facts[?as_of={chapterId}]: every association's facts, as the Story Bible shows them. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  query: AssociationQuerySchema,
  async handle({ userId, params, query, ports }) {
    return ok(await readStoryFacts(ports.repositories, { userId, storyId: params.storyId }, query.as_of));
  },
});
