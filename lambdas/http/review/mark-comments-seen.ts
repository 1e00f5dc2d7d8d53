import { markCommentsSeen } from '../../domain/review/comments';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** PUT /api/stories/{storyId}/comments/seen: the caller has seen the story's comments and replies. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ params, userId, ports }) {
    await markCommentsSeen(ports.repositories, { userId, storyId: params.storyId, now: ports.now() });
    return noContent();
  },
});
