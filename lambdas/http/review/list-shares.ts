import { listShares } from '../../domain/review/shares';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/shares: the story's live links and who joined by each (the author only). */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ params, userId, ports }) {
    const context = { repositories: ports.repositories, now: ports.now(), origin: ports.config.APP_ORIGIN };
    return ok(await listShares(context, userId, params.storyId));
  },
});
