import { getDocumentSettings } from '../../domain/settings/document-settings';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/**
 * GET /api/stories/{storyId}/settings: spellcheck, autotab and association highlighting, on until the author
 * changes them; the text size and font, and the story's target_words and deadline, once set.
 */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ params, userId, ports }) {
    return ok(await getDocumentSettings(ports, userId, params.storyId));
  },
});
