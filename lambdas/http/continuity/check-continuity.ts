import { checkContinuity } from '../../domain/continuity/continuity';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/continuity: what the story's facts say cannot be, where it shows. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ userId, params, ports }) {
    return ok(
      await checkContinuity(ports.repositories, { userId, storyId: params.storyId, now: ports.now() }),
    );
  },
});
