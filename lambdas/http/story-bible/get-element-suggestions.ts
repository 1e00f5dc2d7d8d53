import { getElementSuggestions } from '../../domain/story-bible/story-overview';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/associations/suggestions: names the story repeats that are no association yet. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ userId, params, ports }) {
    return ok(await getElementSuggestions(ports.repositories, { userId, storyId: params.storyId }));
  },
});
