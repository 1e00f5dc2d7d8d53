import { CreateReplyRequestSchema } from '../../../shared/schemas/review';
import { replyToComment } from '../../domain/review/comments';
import { httpRoute } from '../../middleware/http-route';
import { json } from '../../middleware/responses';
import { CommentPathSchema } from '../path-parameters';

/** POST /api/stories/{storyId}/comments/{commentId}/replies: a reply in the thread. */
export const handler = httpRoute({
  auth: 'required',
  params: CommentPathSchema,
  body: CreateReplyRequestSchema,
  async handle({ params, body, userId, ports }) {
    const target = { userId, storyId: params.storyId, now: ports.now() };
    return json(201, await replyToComment(ports.repositories, target, params.commentId, body.body));
  },
});
