import { getDocumentSettings } from '../../domain/settings/document-settings';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/**
 * GET /api/stories/{storyId}/settings: spellcheck and autotab, true until the author changes them, and the
 * story's target_words and deadline once set.
 */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ params, userId, ports }) {
    return ok(await getDocumentSettings(ports, userId, params.storyId));
  },
});
