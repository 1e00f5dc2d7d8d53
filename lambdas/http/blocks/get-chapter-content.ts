import { ChapterContentQuerySchema } from '../../../shared/schemas/block';
import { getChapterContent } from '../../domain/blocks/chapter-content';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/**
 * GET /api/stories/{storyId}/content?chapter=&cursor=: a page of the paragraphs in order (`next` names the
 * following page), for the author or a collaborator it is shared with; 501 while the chapter is being created.
 */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  query: ChapterContentQuerySchema,
  async handle({ params, query, userId, ports }) {
    return ok(
      await getChapterContent(
        ports.repositories,
        { userId, storyId: params.storyId, chapterId: query.chapter, now: ports.now() },
        query.cursor,
      ),
    );
  },
});
