import * as z from 'zod';
import { IdSchema, KeyIdSchema } from './common';

/**
 * GET /api/stories/{storyId}/continuity (issue 25 §4): what the story's own facts say cannot be, each with the
 * chapter (and paragraph) where it shows.
 */
export const ContinuityKindSchema = z.enum(['after_death', 'two_places', 'time_order', 'age_mismatch']);
export type ContinuityKind = z.infer<typeof ContinuityKindSchema>;

export const ContinuityWarningSchema = z.object({
  kind: ContinuityKindSchema,
  message: z.string(),
  chapter_id: IdSchema,
  key_id: KeyIdSchema.optional(),
  association_ids: z.array(IdSchema),
});
export type ContinuityWarning = z.infer<typeof ContinuityWarningSchema>;

export const ContinuityWarningsSchema = z.array(ContinuityWarningSchema);
