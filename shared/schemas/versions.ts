/** Versions of a chapter (issue 14 §2): named by the author or taken automatically, restorable. */
import * as z from 'zod';
import {
  VERSION_NAME_BLANK_MESSAGE,
  VERSION_NAME_MAX_LENGTH,
  VERSION_NAME_TOO_LONG_MESSAGE,
} from '../validation';

/**
 * `named`: saved by the author with a name, kept for good. `automatic`: taken by the server (every 30 minutes
 * of editing, and before a bulk change such as a restore or a rename through the story), thinned as it ages.
 */
export const VersionKindSchema = z.enum(['named', 'automatic']);
export type VersionKind = z.infer<typeof VersionKindSchema>;

export const VersionNameSchema = z
  .string()
  .trim()
  .min(1, VERSION_NAME_BLANK_MESSAGE)
  .max(VERSION_NAME_MAX_LENGTH, VERSION_NAME_TOO_LONG_MESSAGE);

/** POST /api/stories/{storyId}/chapters/{chapterId}/versions. */
export const SaveVersionRequestSchema = z.object({ name: VersionNameSchema });
export type SaveVersionRequest = z.input<typeof SaveVersionRequestSchema>;

/** One entry of the list; `name` is null for an automatic version. */
export const VersionSummarySchema = z.object({
  version_id: z.string(),
  created_at: z.string(),
  name: z.string().nullable(),
  words: z.number().int().min(0),
  kind: VersionKindSchema,
});
export type VersionSummary = z.infer<typeof VersionSummarySchema>;

/** GET .../versions: newest first. */
export const VersionListSchema = z.array(VersionSummarySchema);

/** A paragraph of a version: its key and the paragraph's JSON, as the chapter stored it. */
export const VersionBlockSchema = z.object({ key_id: z.string(), chunk: z.string() });
export type VersionBlock = z.infer<typeof VersionBlockSchema>;

/**
 * GET .../versions/{versionId}: the paragraphs in reading order, a page at a time like the chapter content
 * (`next`, when present, is the `cursor` of the next page), so an answer stays under Lambda's 6 MB limit.
 */
export const VersionDetailSchema = z.object({
  version_id: z.string(),
  name: z.string().nullable(),
  created_at: z.string(),
  kind: VersionKindSchema,
  blocks: z.array(VersionBlockSchema),
  next: z.string().optional(),
});
export type VersionDetail = z.infer<typeof VersionDetailSchema>;

export const VersionCursorSchema = z
  .string()
  .regex(/^\d{1,5}$/, 'Invalid cursor.')
  .transform(Number);

export const VersionQuerySchema = z.object({ cursor: VersionCursorSchema.optional() });
