import * as z from 'zod';
import {
  CHAPTER_TITLE_BLANK_MESSAGE,
  CHAPTER_TITLE_MAX_LENGTH,
  CHAPTER_TITLE_TOO_LONG_MESSAGE,
  MAX_CHAPTERS_PER_STORY,
  TOO_MANY_CHAPTERS_MESSAGE,
} from '../validation';
import { IdSchema, placeSchema, singleLineText } from './common';

/**
 * 'creating' until the chapter-creation worker has prepared it; its content answers 501 meanwhile. 'failed'
 * when the worker gave up (the queue's last delivery failed, or its import failed): its content answers 409
 * `chapter_creation_failed` until the author asks for it again or deletes it.
 */
export const ChapterStatusSchema = z.enum(['creating', 'ready', 'failed']);
export type ChapterStatus = z.infer<typeof ChapterStatusSchema>;

/** The error code and message a failed chapter's content and writes are answered with (409). */
export const CHAPTER_CREATION_FAILED_CODE = 'chapter_creation_failed';
export const CHAPTER_CREATION_FAILED_MESSAGE = 'This chapter could not be created. Try again, or delete it.';

/** Spec §3 Chapter. `id` and `chapter_id` carry the same value: the spec's calls read both. */
export const ChapterSchema = z.object({
  id: z.string(),
  chapter_id: z.string(),
  story_id: z.string(),
  title: z.string(),
  /** 1-based. */
  place: z.number().int().min(1),
  status: ChapterStatusSchema,
});
export type Chapter = z.infer<typeof ChapterSchema>;

export const ChapterListSchema = z.array(ChapterSchema);

export const ChapterTitleSchema = singleLineText()
  .trim()
  .min(1, CHAPTER_TITLE_BLANK_MESSAGE)
  .max(CHAPTER_TITLE_MAX_LENGTH, CHAPTER_TITLE_TOO_LONG_MESSAGE);

/**
 * POST /api/stories/{storyId}/chapter. A blank or missing title becomes 'Chapter N'; a missing place (or one
 * past the end) appends the chapter.
 */
export const CreateChapterRequestSchema = z.object({
  title: singleLineText().trim().max(CHAPTER_TITLE_MAX_LENGTH, CHAPTER_TITLE_TOO_LONG_MESSAGE).optional(),
  place: placeSchema(1).optional(),
});
export type CreateChapterRequest = z.input<typeof CreateChapterRequestSchema>;

/** PUT /api/stories/{storyId}/chapters/{chapterId}: the whole chapter object; only its title is used. */
export const RenameChapterRequestSchema = z.looseObject({ title: ChapterTitleSchema });
export type RenameChapterRequest = z.input<typeof RenameChapterRequestSchema>;

/** One chapter of a reorder request; full chapter objects are accepted as they are. */
export const ChapterPlacementSchema = z
  .looseObject({
    id: IdSchema.optional(),
    chapter_id: IdSchema.optional(),
    place: placeSchema(1),
  })
  .refine((chapter) => chapter.id ?? chapter.chapter_id, { message: 'Each chapter needs its id.' })
  .transform((chapter) => ({ chapter_id: (chapter.id ?? chapter.chapter_id)!, place: chapter.place }));

/**
 * PUT /api/stories/{storyId}/chapters: the chapter list with renumbered places. Chapters left out keep their
 * order relative to each other, so a list missing a chapter made in another tab does not lose it.
 */
export const ReorderChaptersRequestSchema = z
  .array(ChapterPlacementSchema)
  .min(1, 'The chapter list is empty.')
  .max(MAX_CHAPTERS_PER_STORY, TOO_MANY_CHAPTERS_MESSAGE);
export type ReorderChaptersRequest = z.input<typeof ReorderChaptersRequestSchema>;
