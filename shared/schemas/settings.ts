import { z } from 'zod';

/**
 * Spec §3 Document settings, per story: GET and PUT /api/stories/{id}/settings. `highlight_associations`
 * (the story bible, issue 13) is ours beside the spec's two: a client that does not know it reads it as on.
 */
export const DocumentSettingsSchema = z.object({
  spellcheck: z.boolean(),
  autotab: z.boolean(),
  highlight_associations: z.boolean().default(true),
});
export type DocumentSettings = z.infer<typeof DocumentSettingsSchema>;

/**
 * The PUT body: the spec's settings, `highlight_associations` optional. A client written to the spec sends
 * only the spec's two, and the author's stored highlighting choice stays as it is.
 */
export const DocumentSettingsUpdateSchema = DocumentSettingsSchema.extend({
  highlight_associations: z.boolean().optional(),
});
export type DocumentSettingsUpdate = z.infer<typeof DocumentSettingsUpdateSchema>;

/** Spec §9: spellcheck on, autotab on; highlighting on. Answered until the author saves settings of their own. */
export const DEFAULT_DOCUMENT_SETTINGS: DocumentSettings = {
  spellcheck: true,
  autotab: true,
  highlight_associations: true,
};
