import { RestoreRequestSchema, TrashedChapterPathSchema } from '../../../shared/schemas/trash';
import { restoreChapter } from '../../domain/trash/trash';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';

/** POST /api/trash/stories/{storyId}/chapters/{chapterId}/restore: back in its story; 404 when not in the trash. */
export const handler = httpRoute({
  auth: 'required',
  params: TrashedChapterPathSchema,
  body: RestoreRequestSchema,
  async handle({ params, userId, ports }) {
    await restoreChapter(ports, userId, params.storyId, params.chapterId);
    return noContent();
  },
});
