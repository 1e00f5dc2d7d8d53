import { getFullStory } from '../../domain/stories/full-story';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/full: the story with every chapter's paragraphs (`chapters_with_contents`). */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ params, userId, ports }) {
    return ok(await getFullStory(ports.repositories, userId, params.storyId));
  },
});
