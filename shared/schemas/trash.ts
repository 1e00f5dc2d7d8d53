import * as z from 'zod';
import { IdSchema } from './common';

/** How long a deleted story or chapter can be restored before the daily purge removes it for good. */
export const TRASH_RETENTION_DAYS = 30;

/** A story in the trash, as GET /api/trash lists it. */
export const TrashedStorySchema = z.object({
  story_id: IdSchema,
  title: z.string(),
  /** ISO timestamps: when the author deleted it, and when the purge may remove it. */
  deleted_at: z.string(),
  purge_at: z.string(),
});
export type TrashedStoryEntry = z.infer<typeof TrashedStorySchema>;

/** A chapter in the trash of a story that is not itself in the trash. */
export const TrashedChapterSchema = z.object({
  story_id: IdSchema,
  story_title: z.string(),
  chapter_id: IdSchema,
  title: z.string(),
  deleted_at: z.string(),
  purge_at: z.string(),
});
export type TrashedChapterEntry = z.infer<typeof TrashedChapterSchema>;

/** GET /api/trash: 'Recently deleted', newest first. */
export const TrashListSchema = z.object({
  stories: z.array(TrashedStorySchema),
  chapters: z.array(TrashedChapterSchema),
});
export type TrashList = z.infer<typeof TrashListSchema>;

/** POST /api/trash/stories/{storyId}/restore */
export const TrashedStoryPathSchema = z.object({ storyId: IdSchema });
/** POST /api/trash/stories/{storyId}/chapters/{chapterId}/restore */
export const TrashedChapterPathSchema = z.object({ storyId: IdSchema, chapterId: IdSchema });
/** The restore calls take no body; an empty object is accepted too. */
export const RestoreRequestSchema = z.strictObject({}).optional();
