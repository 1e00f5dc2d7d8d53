import { getBookSettings } from '../../domain/book/book-settings';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/book: trim, style, scene break, front and back matter (issue 27 §1). */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ userId, params, ports }) {
    return ok(await getBookSettings(ports, userId, params.storyId));
  },
});
