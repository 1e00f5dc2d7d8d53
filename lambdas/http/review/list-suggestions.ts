import { ChapterQuerySchema } from '../../../shared/schemas/review';
import { listSuggestions } from '../../domain/review/suggestions';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/suggestions?chapter=: the chapter's suggestions the caller sees, anchored anew. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  query: ChapterQuerySchema,
  async handle({ params, query, userId, ports }) {
    const target = { userId, storyId: params.storyId, now: ports.now() };
    return ok(await listSuggestions(ports.repositories, target, query.chapter));
  },
});
