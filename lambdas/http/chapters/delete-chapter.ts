import { deleteChapter } from '../../domain/chapters/manage-chapters';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';
import { ChapterPathSchema } from '../path-parameters';

/** DELETE /api/stories/{storyId}/chapter/{chapterId}: 409 for the story's only chapter. */
export const handler = httpRoute({
  auth: 'required',
  params: ChapterPathSchema,
  async handle({ params, userId, ports }) {
    await deleteChapter(ports, userId, params.storyId, params.chapterId);
    return noContent();
  },
});
