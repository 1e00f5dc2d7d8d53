import * as z from 'zod';
import { CalendarDateSchema, TargetWordsSchema } from './progress';

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
 * `text_size` and `font` (optional: absent, the editor keeps its default typography), `highlight_associations`
 * (the story bible, issue 13: a client that does not know it reads it as on), and `target_words` and `deadline`
 * (issue 15 §1, the story's goal: answered only once the author set them).
 */
export const DocumentSettingsSchema = z.object({
  spellcheck: z.boolean(),
  autotab: z.boolean(),
  text_size: TextSizeSchema.optional(),
  font: ManuscriptFontSchema.optional(),
  highlight_associations: z.boolean().default(true),
  target_words: TargetWordsSchema.optional(),
  deadline: CalendarDateSchema.optional(),
});
export type DocumentSettings = z.infer<typeof DocumentSettingsSchema>;

/**
 * The PUT body: the spec's two fields, and ours. One of ours left out keeps its stored value (a client that
 * knows only the spec's fields erases nothing); null removes a goal field.
 */
export const UpdateDocumentSettingsSchema = DocumentSettingsSchema.extend({
  highlight_associations: z.boolean().optional(),
  target_words: TargetWordsSchema.nullable().optional(),
  deadline: CalendarDateSchema.nullable().optional(),
});
export type UpdateDocumentSettings = z.infer<typeof UpdateDocumentSettingsSchema>;

/** Spec §9: spellcheck on, autotab on; highlighting on. Answered until the author saves settings of their own. */
export const DEFAULT_DOCUMENT_SETTINGS: DocumentSettings = {
  spellcheck: true,
  autotab: true,
  highlight_associations: true,
};

/** The settings after an update: the fields sent replace (null removes), those left out stay. */
export function mergeDocumentSettings(
  stored: DocumentSettings,
  update: UpdateDocumentSettings,
): DocumentSettings {
  const merged: Record<string, unknown> = { ...stored };
  for (const [field, value] of Object.entries(update)) {
    if (value === null) delete merged[field];
    else if (value !== undefined) merged[field] = value;
  }
  return merged as DocumentSettings;
}
