import { CreateCommentRequestSchema } from '../../../shared/schemas/review';
import { createComment } from '../../domain/review/comments';
import { httpRoute } from '../../middleware/http-route';
import { json } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** POST /api/stories/{storyId}/comments: a new thread on the selected words. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: CreateCommentRequestSchema,
  async handle({ params, body, userId, ports }) {
    const target = { userId, storyId: params.storyId, now: ports.now() };
    return json(201, await createComment(ports.repositories, target, body));
  },
});
