import { suggestRelationships } from '../../domain/relationships/relationships';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/relationships/suggestions: characters often named in the same paragraphs. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ params, userId, ports }) {
    return ok(await suggestRelationships(ports, { userId, storyId: params.storyId }));
  },
});
