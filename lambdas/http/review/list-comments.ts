import { ChapterQuerySchema } from '../../../shared/schemas/review';
import { listComments } from '../../domain/review/comments';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/comments?chapter=: the chapter's threads the caller sees, anchored anew. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  query: ChapterQuerySchema,
  async handle({ params, query, userId, ports }) {
    const target = { userId, storyId: params.storyId, now: ports.now() };
    return ok(await listComments(ports.repositories, target, query.chapter));
  },
});
