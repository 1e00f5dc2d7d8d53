import { z } from 'zod';
import { CalendarDateSchema, TargetWordsSchema } from './progress';

/**
 * Spec §3 Document settings, per story: GET and PUT /api/stories/{id}/settings. `target_words` and `deadline`
 * (issue 15 §1, the story's goal) are extra and optional: answered only once the author set them.
 */
export const DocumentSettingsSchema = z.object({
  spellcheck: z.boolean(),
  autotab: z.boolean(),
  target_words: TargetWordsSchema.optional(),
  deadline: CalendarDateSchema.optional(),
});
export type DocumentSettings = z.infer<typeof DocumentSettingsSchema>;

/**
 * The PUT body: the spec's two fields, and the goal's. A goal field left out keeps its stored value (a client
 * that knows only the spec's fields cannot erase a target); null removes it.
 */
export const UpdateDocumentSettingsSchema = DocumentSettingsSchema.extend({
  target_words: TargetWordsSchema.nullable().optional(),
  deadline: CalendarDateSchema.nullable().optional(),
});
export type UpdateDocumentSettings = z.infer<typeof UpdateDocumentSettingsSchema>;

/** Spec §9: spellcheck on, autotab on. Answered until the author saves settings of their own. */
export const DEFAULT_DOCUMENT_SETTINGS: DocumentSettings = { spellcheck: true, autotab: true };

/** The settings after an update: the goal fields sent replace (null removes), those left out stay. */
export function mergeDocumentSettings(
  stored: DocumentSettings,
  update: UpdateDocumentSettings,
): DocumentSettings {
  const { target_words: targetWords, deadline, ...spec } = update;
  const merged: DocumentSettings = { ...stored, ...spec };
  if (targetWords === null) delete merged.target_words;
  else if (targetWords !== undefined) merged.target_words = targetWords;
  if (deadline === null) delete merged.deadline;
  else if (deadline !== undefined) merged.deadline = deadline;
  return merged;
}
