import { CreateSuggestionRequestSchema } from '../../../shared/schemas/review';
import { createSuggestion } from '../../domain/review/suggestions';
import { httpRoute } from '../../middleware/http-route';
import { json } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** POST /api/stories/{storyId}/suggestions: an editor's proposed replacement of a range. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: CreateSuggestionRequestSchema,
  async handle({ params, body, userId, ports }) {
    const target = { userId, storyId: params.storyId, now: ports.now() };
    return json(201, await createSuggestion(ports.repositories, target, body));
  },
});
