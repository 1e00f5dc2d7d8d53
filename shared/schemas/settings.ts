import { z } from 'zod';

/** Spec §3 Document settings, per story: GET and PUT /api/stories/{id}/settings. */
export const DocumentSettingsSchema = z.object({
  spellcheck: z.boolean(),
  autotab: z.boolean(),
});
export type DocumentSettings = z.infer<typeof DocumentSettingsSchema>;

/** Spec §9: spellcheck on, autotab on. Answered until the author saves settings of their own. */
export const DEFAULT_DOCUMENT_SETTINGS: DocumentSettings = { spellcheck: true, autotab: true };
