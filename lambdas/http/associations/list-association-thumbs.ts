import { listAssociations } from '../../domain/associations/associations';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/associations/thumbs: the story's associations with portrait and thumbnail. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ userId, params, ports }) {
    return ok(await listAssociations(ports, { userId, storyId: params.storyId }));
  },
});
