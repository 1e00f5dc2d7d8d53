import { listVersions } from '../../domain/versions/chapter-versions';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { ChapterPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/chapters/{chapterId}/versions: the chapter's versions, newest first. */
export const handler = httpRoute({
  auth: 'required',
  params: ChapterPathSchema,
  async handle({ params, userId, ports }) {
    return ok(await listVersions(ports, { userId, ...params }));
  },
});
