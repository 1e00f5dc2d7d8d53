import { decideSuggestion } from '../../domain/review/suggestions';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { SuggestionDecisionPathSchema } from '../path-parameters';

/** POST /api/stories/{storyId}/suggestions/{suggestionId}/accept|reject: the author's decision. */
export const handler = httpRoute({
  auth: 'required',
  params: SuggestionDecisionPathSchema,
  async handle({ params, userId, ports }) {
    const target = { userId, storyId: params.storyId, now: ports.now() };
    return ok(await decideSuggestion(ports.repositories, target, params.suggestionId, params.decision));
  },
});
