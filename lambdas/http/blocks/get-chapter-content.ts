import { ChapterContentQuerySchema } from '../../../shared/schemas/block';
import { getChapterContent } from '../../domain/blocks/chapter-content';
import { httpRoute } from '../../middleware/http-route';
import { noContent, ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/**
 * GET /api/stories/{storyId}/content?chapter=&cursor=&limit=&stamp=: a page of the paragraphs in order (`next`
 * names the following page; `limit` holds it to a few), for the author or a collaborator it is shared with; 501 while the chapter is being
 * created; 204 when `stamp` is the chapter's content stamp still (nothing written since that read).
 */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  query: ChapterContentQuerySchema,
  async handle({ params, query, userId, ports }) {
    const content = await getChapterContent(
      ports.repositories,
      { userId, storyId: params.storyId, chapterId: query.chapter, now: ports.now() },
      { cursor: query.cursor, limit: query.limit, stamp: query.stamp },
    );
    return content === 'unchanged' ? noContent() : ok(content);
  },
});
