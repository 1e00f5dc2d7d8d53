import { getReachableStory } from '../../domain/stories/story-views';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}: the story with its chapters, for its author or someone it was shared with. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ params, userId, ports }) {
    return ok(await getReachableStory(ports.repositories, userId, params.storyId, ports.now()));
  },
});
