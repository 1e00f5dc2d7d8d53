import { retryChapterCreation } from '../../domain/chapters/chapter-creation-failure';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { ChapterPathSchema } from '../path-parameters';

/**
 * POST /api/stories/{storyId}/chapters/{chapterId}/retry-creation: a chapter whose creation failed is queued
 * again; answers the chapter ('creating', or as it is when it was not failed).
 */
export const handler = httpRoute({
  auth: 'required',
  params: ChapterPathSchema,
  async handle({ params, userId, ports }) {
    return ok(await retryChapterCreation(ports, userId, params.storyId, params.chapterId));
  },
});
