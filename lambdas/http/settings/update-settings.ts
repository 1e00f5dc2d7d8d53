import { UpdateDocumentSettingsSchema } from '../../../shared/schemas/settings';
import { saveDocumentSettings } from '../../domain/settings/document-settings';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/**
 * PUT /api/stories/{storyId}/settings: the settings JSON, with the story's optional goal (target_words, deadline);
 * answers the saved settings.
 */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: UpdateDocumentSettingsSchema,
  async handle({ body, params, userId, ports }) {
    return ok(await saveDocumentSettings(ports, userId, params.storyId, body));
  },
});
