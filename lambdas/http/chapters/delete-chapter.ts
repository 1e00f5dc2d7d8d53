import { trashChapter } from '../../domain/trash/trash';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';
import { ChapterPathSchema } from '../path-parameters';

/** DELETE /api/stories/{storyId}/chapter/{chapterId}: into the trash; 409 for the story's only chapter. */
export const handler = httpRoute({
  auth: 'required',
  params: ChapterPathSchema,
  async handle({ params, userId, ports }) {
    await trashChapter(ports, userId, params.storyId, params.chapterId);
    return noContent();
  },
});
