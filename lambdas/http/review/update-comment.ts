import { UpdateCommentRequestSchema } from '../../../shared/schemas/review';
import { updateComment } from '../../domain/review/comments';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { CommentPathSchema } from '../path-parameters';

/** PATCH /api/stories/{storyId}/comments/{commentId}: resolve or reopen the thread, or edit one's comment. */
export const handler = httpRoute({
  auth: 'required',
  params: CommentPathSchema,
  body: UpdateCommentRequestSchema,
  async handle({ params, body, userId, ports }) {
    const target = { userId, storyId: params.storyId, now: ports.now() };
    return ok(await updateComment(ports.repositories, target, params.commentId, body));
  },
});
