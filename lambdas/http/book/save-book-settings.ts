import { BookSettingsSchema } from '../../../shared/schemas/book';
import { saveBookSettings } from '../../domain/book/book-settings';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** PUT /api/stories/{storyId}/book: the story's whole book settings; answers them as saved. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: BookSettingsSchema,
  async handle({ userId, params, body, ports }) {
    return ok(await saveBookSettings(ports, userId, params.storyId, body));
  },
});
