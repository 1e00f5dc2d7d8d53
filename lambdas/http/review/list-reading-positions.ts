import { listReadingPositions } from '../../domain/review/reading-positions';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/reading-positions: every reader's (the author) or mine (a collaborator). */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ params, userId, ports }) {
    return ok(await listReadingPositions(ports.repositories, userId, params.storyId, ports.now()));
  },
});
