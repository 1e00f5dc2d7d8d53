import { getMentionGrid } from '../../domain/story-bible/story-overview';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/associations/mentions: the Story Bible's grid of mentions per chapter. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ userId, params, ports }) {
    return ok(await getMentionGrid(ports.repositories, { userId, storyId: params.storyId }));
  },
});
