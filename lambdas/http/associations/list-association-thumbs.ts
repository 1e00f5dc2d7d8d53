import { listAssociations } from '../../domain/associations/associations';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from './association-params';

/** GET /api/stories/{storyId}/associations/thumbs: the story's associations with portrait and thumbnail. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ userId, params, ports, logger }) {
    return ok(await listAssociations({ ...ports, logger }, { userId, storyId: params.storyId }));
  },
});
