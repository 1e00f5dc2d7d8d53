import { getStoryProgress } from '../../domain/progress/progress';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/progress: the story's words per chapter against its target and deadline. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ params, userId, ports }) {
    return ok(await getStoryProgress(ports, userId, params.storyId));
  },
});
