import { UpdateChapterRequestSchema } from '../../../shared/schemas/chapter';
import { updateChapter } from '../../domain/chapters/manage-chapters';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { ChapterPathSchema } from '../path-parameters';

/**
 * PUT /api/stories/{storyId}/chapters/{chapterId}: the whole chapter object; its title is saved, and its synopsis
 * and stage when it carries them.
 */
export const handler = httpRoute({
  auth: 'required',
  params: ChapterPathSchema,
  body: UpdateChapterRequestSchema,
  async handle({ body, params, userId, ports }) {
    const { title, synopsis, stage } = body;
    return ok(
      await updateChapter(ports, userId, params.storyId, params.chapterId, { title, synopsis, stage }),
    );
  },
});
