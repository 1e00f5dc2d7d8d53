import * as z from 'zod';

/** POST /api/stories/{storyId}/comments/import's answer (issue 24 §5). */
export const CommentImportResultSchema = z.object({
  /** Comments and replies brought in. */
  imported: z.number().int().min(0),
  /** Those whose words are in no chapter of the story (or whose chapter is full). */
  unplaced: z.number().int().min(0),
});
export type CommentImportResult = z.infer<typeof CommentImportResultSchema>;
