import { trashStory } from '../../domain/trash/trash';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** DELETE /api/stories/{storyId}: the story and everything in it, into the trash for 30 days. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ params, userId, ports }) {
    await trashStory(ports, userId, params.storyId);
    return noContent();
  },
});
