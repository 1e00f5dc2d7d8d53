import { FullStoryQuerySchema } from '../../../shared/schemas/block';
import { getFullStory } from '../../domain/stories/full-story';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/**
 * GET /api/stories/{storyId}/full?cursor=: the story with its chapters' paragraphs (`chapters_with_contents`),
 * a page at a time; `next` names the following page.
 */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  query: FullStoryQuerySchema,
  async handle({ params, query, userId, ports }) {
    return ok(await getFullStory(ports.repositories, userId, params.storyId, query.cursor));
  },
});
