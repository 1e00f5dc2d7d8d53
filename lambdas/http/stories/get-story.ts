import { getStory } from '../../domain/stories/story-views';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}: the story with its chapters. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ params, userId, ports }) {
    return ok(await getStory(ports.repositories, userId, params.storyId));
  },
});
