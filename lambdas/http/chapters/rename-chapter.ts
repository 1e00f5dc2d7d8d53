import { RenameChapterRequestSchema } from '../../../shared/schemas/chapter';
import { renameChapter } from '../../domain/chapters/manage-chapters';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { ChapterPathSchema } from '../path-parameters';

/** PUT /api/stories/{storyId}/chapters/{chapterId}: the whole chapter object; its title is saved. */
export const handler = httpRoute({
  auth: 'required',
  params: ChapterPathSchema,
  body: RenameChapterRequestSchema,
  async handle({ body, params, userId, ports }) {
    return ok(await renameChapter(ports, userId, params.storyId, params.chapterId, body.title));
  },
});
