import { deleteComment } from '../../domain/review/comments';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';
import { CommentPathSchema } from '../path-parameters';

/** DELETE /api/stories/{storyId}/comments/{commentId}: the thread with its replies. */
export const handler = httpRoute({
  auth: 'required',
  params: CommentPathSchema,
  async handle({ params, userId, ports }) {
    await deleteComment(
      ports.repositories,
      { userId, storyId: params.storyId, now: ports.now() },
      params.commentId,
    );
    return noContent();
  },
});
