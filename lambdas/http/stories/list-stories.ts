import { listStories } from '../../domain/stories/story-views';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';

/** GET /api/stories: the caller's stories, standalone and volumes alike. */
export const handler = httpRoute({
  auth: 'required',
  async handle({ userId, ports }) {
    return ok(await listStories(ports.repositories, userId));
  },
});
