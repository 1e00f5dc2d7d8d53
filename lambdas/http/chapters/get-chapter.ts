import { getChapter } from '../../domain/chapters/manage-chapters';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { ChapterPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/chapters/{chapterId}. */
export const handler = httpRoute({
  auth: 'required',
  params: ChapterPathSchema,
  async handle({ params, userId, ports }) {
    return ok(await getChapter(ports, userId, params.storyId, params.chapterId));
  },
});
