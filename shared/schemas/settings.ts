import { z } from 'zod';

/** The manuscript's text sizes (Document Settings, beyond the spec); `medium` is the default 19 px. */
export const TEXT_SIZES = ['small', 'medium', 'large', 'x-large'] as const;
export const TextSizeSchema = z.enum(TEXT_SIZES);
export type TextSize = z.infer<typeof TextSizeSchema>;

/** The manuscript's font families (Document Settings, beyond the spec); `serif` is the default. */
export const MANUSCRIPT_FONTS = ['serif', 'sans-serif', 'monospace'] as const;
export const ManuscriptFontSchema = z.enum(MANUSCRIPT_FONTS);
export type ManuscriptFont = z.infer<typeof ManuscriptFontSchema>;

/**
 * Spec §3 Document settings, per story: GET and PUT /api/stories/{id}/settings. Beside the spec's two, ours:
 * `text_size` and `font` (optional: absent, the editor keeps its default typography) and
 * `highlight_associations` (the story bible, issue 13: a client that does not know it reads it as on).
 */
export const DocumentSettingsSchema = z.object({
  spellcheck: z.boolean(),
  autotab: z.boolean(),
  text_size: TextSizeSchema.optional(),
  font: ManuscriptFontSchema.optional(),
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
