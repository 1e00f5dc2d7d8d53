import { deleteStory } from '../../domain/stories/delete-story';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** DELETE /api/stories/{storyId}: the story and everything in it. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ params, userId, ports }) {
    await deleteStory(ports, userId, params.storyId);
    return noContent();
  },
});
