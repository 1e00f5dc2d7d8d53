import { ChapterTimeRequestSchema } from '../../../shared/schemas/story-time';
import { setChapterTime } from '../../domain/story-time/chapter-time';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { ChapterPathSchema } from '../path-parameters';

/** PUT /api/stories/{storyId}/chapters/{chapterId}/time: `{ start, end?, flashback? }`, or null to clear. */
export const handler = httpRoute({
  auth: 'required',
  params: ChapterPathSchema,
  body: ChapterTimeRequestSchema,
  async handle({ userId, params, body, ports }) {
    const scope = { userId, storyId: params.storyId, chapterId: params.chapterId, now: ports.now() };
    return ok(await setChapterTime(ports.repositories, scope, body));
  },
});
