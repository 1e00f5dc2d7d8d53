import * as z from 'zod';
import {
  SERIES_TITLE_BLANK_MESSAGE,
  STORY_DESCRIPTION_MAX_LENGTH,
  STORY_DESCRIPTION_REQUIRED_MESSAGE,
  STORY_DESCRIPTION_TOO_LONG_MESSAGE,
  STORY_TITLE_REQUIRED_MESSAGE,
} from '../validation';
import { ChapterWithContentSchema } from './block';
import { ChapterSchema } from './chapter';
import { OutlineSchema } from './outline';
import { IdSchema, multiLineText, placeSchema, singleLineText } from './common';
import { titleSchema } from './title';

/**
 * A story title (shared/schemas/title.ts); the first issue's message is the toast text ('Story title is
 * required', otherwise the 'Invalid Title' message).
 */
export const StoryTitleSchema = titleSchema(STORY_TITLE_REQUIRED_MESSAGE);

/** Spec §5: required after trimming. */
export const StoryDescriptionSchema = multiLineText()
  .trim()
  .min(1, STORY_DESCRIPTION_REQUIRED_MESSAGE)
  .max(STORY_DESCRIPTION_MAX_LENGTH, STORY_DESCRIPTION_TOO_LONG_MESSAGE);

/**
 * A series named on the story form: an existing one (by title) or a new one, under the series title rule.
 * Blank names no series.
 */
const SeriesNameFieldSchema = singleLineText()
  .trim()
  .pipe(z.union([z.literal(''), titleSchema(SERIES_TITLE_BLANK_MESSAGE)]));

const placeInSeriesMessage = 'A place must be a whole number of at least 1.';

const storyFormFields = {
  title: StoryTitleSchema,
  description: StoryDescriptionSchema,
  series_id: z.union([IdSchema, z.literal('')]).optional(),
  series_title: SeriesNameFieldSchema.optional(),
  // 0 is read here and refused below only with a series: the old product's form always sends the field.
  series_place: z.union([placeSchema(0), z.literal('')]).optional(),
};

interface StoryFormSeriesFields {
  series_id?: string | undefined;
  series_title?: string | undefined;
  series_name?: string | undefined;
  series_place?: number | '' | undefined;
}

/**
 * A place means something only in a series: a form naming no series has its `series_place` ignored (a
 * standalone story has none); with a series, the place is at least 1.
 */
export function placeOnlyInSeries<Fields extends StoryFormSeriesFields>(
  fields: Fields,
  context: z.RefinementCtx,
): Fields {
  const namesSeries = Boolean(fields.series_id || fields.series_title || fields.series_name);
  if (!namesSeries) {
    const { series_place: _ignored, ...withoutPlace } = fields;
    return withoutPlace as Fields;
  }
  if (fields.series_place === 0) {
    context.addIssue({ code: 'custom', path: ['series_place'], message: placeInSeriesMessage });
  }
  return fields;
}

/**
 * POST /api/stories, multipart (plus an optional `file`). Series fields: `series_id` names an existing series;
 * otherwise a non-blank `series_title` names one, created when the author has none of that title;
 * `series_place` is the 1-based place in it (the end when absent). All empty: a standalone story, and
 * `series_place` is ignored.
 */
export const CreateStoryFormSchema = z.object(storyFormFields).transform(placeOnlyInSeries);
export type CreateStoryForm = z.input<typeof CreateStoryFormSchema>;

/**
 * PUT /api/stories/{id}/details, multipart (plus an optional `file`, or `remove_image`). The form calls the series name
 * `series_name`; `series_title` is accepted too. Series fields left out keep the story's series as it is;
 * sent empty, they make the story standalone.
 */
export const UpdateStoryDetailsFormSchema = z
  .object({
    ...storyFormFields,
    series_name: SeriesNameFieldSchema.optional(),
    /**
     * 'true' removes the story's own image (its default picture shows again); absent or 'false' keeps it.
     * A form that removes the image sends no file.
     */
    remove_image: z.enum(['true', 'false']).optional(),
  })
  .transform(placeOnlyInSeries);
export type UpdateStoryDetailsForm = z.input<typeof UpdateStoryDetailsFormSchema>;

/** A form field left blank counts as not sent. */
const blankAsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * A manuscript import in progress or failed (issue 14 §1); a story carries it from POST /api/stories/import
 * until the import worker has built every chapter, and keeps it when the import failed.
 */
export const StoryImportSchema = z.object({
  status: z.enum(['importing', 'failed']),
  chapters_done: z.number().int().min(0),
  chapters_total: z.number().int().min(0),
});
export type StoryImport = z.infer<typeof StoryImportSchema>;

/**
 * POST /api/stories/import, multipart (plus the manuscript as `file`). Title and description are optional:
 * left blank, the title comes from the file's name and the description says where the story came from.
 * Series fields as on the story form.
 */
export const importStoryFields = {
  ...storyFormFields,
  title: z.preprocess(blankAsAbsent, StoryTitleSchema.optional()),
  description: z.preprocess(blankAsAbsent, StoryDescriptionSchema.optional()),
};
export const ImportStoryFormSchema = z.object(importStoryFields).transform(placeOnlyInSeries);
/** What a client sends (the schema's input type is `unknown` for the preprocessed fields). */
export type ImportStoryForm = Omit<CreateStoryForm, 'title' | 'description'> & {
  title?: string;
  description?: string;
};

/** Spec §3 Story, as every story call answers it. */
export const StorySchema = z.object({
  story_id: z.string(),
  title: z.string(),
  description: z.string(),
  /** A path such as `/images/stories/<id>/cover-<time>.jpg`; `DEFAULT_STORY_IMAGE_URL` when there is none. */
  image_url: z.string(),
  /** Present only for a volume of a series. */
  series_id: z.string().optional(),
  series_title: z.string().optional(),
  /** The 1-based place in the series (volumes only). */
  series_place: z.number().int().min(1).optional(),
  /** The same as `series_place` (volumes only): the spec's series lists read `place`. */
  place: z.number().int().min(1).optional(),
  /** Unix seconds, as the old product answered it. */
  created_at: z.number().int(),
  updated_at: z.string(),
  /** In order; every story answer carries them, lists included. */
  chapters: z.array(ChapterSchema),
  /** The words of its chapters, kept by every save (not counted per request). */
  word_count: z.number().int().nonnegative(),
  /** ISO 8601: the latest change of its details, a chapter's title or a chapter's content. */
  last_edited_at: z.string(),
  /** Spec §3: the outline's sections ([] when the story has none); in `GET /api/stories/{id}` only. */
  outline: OutlineSchema.optional(),
  /** Only while a manuscript import builds the story, or after it failed. */
  import: StoryImportSchema.optional(),
  /**
   * In `GET /api/stories/{id}` only (issue 24): the caller's role, the author's name for a collaborator, and
   * the comments and replies the caller has not yet seen.
   */
  review: z
    .object({
      role: z.enum(['author', 'reader', 'editor']),
      author_name: z.string().optional(),
      unread_comments: z.number().int().min(0),
    })
    .optional(),
});
export type Story = z.infer<typeof StorySchema>;

export const StoryListSchema = z.array(StorySchema);

/**
 * GET /api/stories/{id}/full, a page at a time (Lambda answers at most 6 MB): every page carries the story and
 * its chapters, and `chapters_with_contents` from where its `cursor` starts. A chapter cut by a page boundary
 * continues, under the same chapter, on the next page. `next`, present when more follow, is that page's cursor.
 */
export const FullStorySchema = StorySchema.extend({
  chapters: z.array(ChapterSchema),
  chapters_with_contents: z.array(ChapterWithContentSchema),
  next: z.string().optional(),
});
export type FullStory = z.infer<typeof FullStorySchema>;
