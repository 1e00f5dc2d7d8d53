import { StorySearchQuerySchema } from '../../../shared/schemas/story-search';
import { searchStory } from '../../domain/story-bible/story-search';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/search?q=&case_sensitive=&whole_word=: the story's matches by chapter. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  query: StorySearchQuerySchema,
  async handle({ userId, params, query, ports }) {
    return ok(
      await searchStory(ports.repositories, { userId, storyId: params.storyId }, query.q, {
        case_sensitive: query.case_sensitive,
        whole_word: query.whole_word,
      }),
    );
  },
});
