import * as z from 'zod';
import {
  CHAPTER_STAGE_INVALID_MESSAGE,
  CHAPTER_SYNOPSIS_MAX_LENGTH,
  CHAPTER_SYNOPSIS_TOO_LONG_MESSAGE,
  CHAPTER_TITLE_BLANK_MESSAGE,
  CHAPTER_TITLE_MAX_LENGTH,
  CHAPTER_TITLE_TOO_LONG_MESSAGE,
  MAX_CHAPTERS_PER_STORY,
  TOO_MANY_CHAPTERS_MESSAGE,
} from '../validation';
import { IdSchema, multiLineText, placeSchema, singleLineText } from './common';

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

/**
 * Where the author says a chapter stands in its revision (the corkboard's card colour, the export's stage
 * filter); null when unset. Not `status`, which is the server's own creation state.
 */
export const CHAPTER_STAGES = ['draft', 'revised', 'final'] as const;
export const ChapterStageSchema = z.enum(CHAPTER_STAGES, { error: CHAPTER_STAGE_INVALID_MESSAGE });
export type ChapterStage = z.infer<typeof ChapterStageSchema>;

/** A chapter's synopsis (the corkboard card's text): trimmed, several lines allowed; blank means none. */
export const ChapterSynopsisSchema = multiLineText()
  .trim()
  .max(CHAPTER_SYNOPSIS_MAX_LENGTH, CHAPTER_SYNOPSIS_TOO_LONG_MESSAGE)
  .transform((synopsis) => synopsis || null);

/** Spec §3 Chapter. `id` and `chapter_id` carry the same value: the spec's calls read both. */
export const ChapterSchema = z.object({
  id: z.string(),
  chapter_id: z.string(),
  story_id: z.string(),
  title: z.string(),
  /** 1-based. */
  place: z.number().int().min(1),
  status: ChapterStatusSchema,
  /** Ours, beyond the spec; null when the author has written none. */
  synopsis: z.string().nullable(),
  stage: ChapterStageSchema.nullable(),
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

/**
 * PUT /api/stories/{storyId}/chapters/{chapterId}: the whole chapter object; its title, synopsis and stage are
 * used. A synopsis or stage left out stays as it is (old clients send the title alone); null clears it.
 */
export const UpdateChapterRequestSchema = z.looseObject({
  title: ChapterTitleSchema,
  synopsis: ChapterSynopsisSchema.nullable().optional(),
  stage: ChapterStageSchema.nullable().optional(),
});
export type UpdateChapterRequest = z.input<typeof UpdateChapterRequestSchema>;
/** What the update changes: the title always, a synopsis or stage only when sent. */
export type ChapterChanges = Pick<
  z.output<typeof UpdateChapterRequestSchema>,
  'title' | 'synopsis' | 'stage'
>;

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
