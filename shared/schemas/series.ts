import * as z from 'zod';
import {
  MAX_STORIES_PER_SERIES,
  SERIES_DESCRIPTION_BLANK_MESSAGE,
  SERIES_DESCRIPTION_MAX_LENGTH,
  SERIES_DESCRIPTION_TOO_LONG_MESSAGE,
  SERIES_TITLE_BLANK_MESSAGE,
  TOO_MANY_STORIES_IN_SERIES_MESSAGE,
} from '../validation';
import { IdSchema, multiLineText, placeSchema } from './common';
import { StorySchema } from './story';
import { titleSchema } from './title';

/** A series title, under the story title's rule (shared/schemas/title.ts); spec §5: 'Title cannot be blank'. */
export const SeriesTitleSchema = titleSchema(SERIES_TITLE_BLANK_MESSAGE);

/** Spec §5 series edit: the description may not be blank. */
export const SeriesDescriptionSchema = multiLineText()
  .trim()
  .min(1, SERIES_DESCRIPTION_BLANK_MESSAGE)
  .max(SERIES_DESCRIPTION_MAX_LENGTH, SERIES_DESCRIPTION_TOO_LONG_MESSAGE);

/** One volume of the `stories` field; whole story objects are accepted, only the id and place are used. */
export const SeriesStoryPlacementSchema = z.looseObject({ story_id: IdSchema, place: placeSchema(1) });
export type SeriesStoryPlacement = z.input<typeof SeriesStoryPlacementSchema>;

export const SeriesStoryPlacementsSchema = z
  .array(SeriesStoryPlacementSchema)
  .max(MAX_STORIES_PER_SERIES, TOO_MANY_STORIES_IN_SERIES_MESSAGE);

const storiesFieldMessage = 'The stories field must be a JSON list of stories.';

/**
 * PUT /api/series/{id}, multipart (plus an optional `file`). `stories`, a JSON list, is the new volume list:
 * ordered by `place`, the places renumbered from 1; stories left out become standalone. Without `stories`
 * the volumes stay as they are.
 */
export const UpdateSeriesFormSchema = z.object({
  series_title: SeriesTitleSchema,
  /** Absent: the description is kept, so a series created from the story form can be renamed alone. */
  series_description: SeriesDescriptionSchema.optional(),
  stories: z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: storiesFieldMessage });
        return z.NEVER;
      }
    })
    .pipe(SeriesStoryPlacementsSchema)
    .optional(),
});
export type UpdateSeriesForm = z.input<typeof UpdateSeriesFormSchema>;

/** A story as listed in its series: `place` (and `series_place`) is its 1-based place. */
export const SeriesVolumeSchema = StorySchema.extend({
  series_id: z.string(),
  series_place: z.number().int().min(1),
  place: z.number().int().min(1),
});
export type SeriesVolume = z.infer<typeof SeriesVolumeSchema>;

/** Spec §3 Series, as every series call answers it; `stories` are in place order. */
export const SeriesSchema = z.object({
  series_id: z.string(),
  series_title: z.string(),
  series_description: z.string(),
  /** The series' picture; `DEFAULT_SERIES_IMAGE_URL` when it has none of its own. */
  image_url: z.string(),
  stories: z.array(SeriesVolumeSchema),
  /** Unix seconds, as the old product answered it. */
  created_at: z.number().int(),
  updated_at: z.string(),
});
export type Series = z.infer<typeof SeriesSchema>;

export const SeriesListSchema = z.array(SeriesSchema);
