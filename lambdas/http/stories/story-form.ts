import type { z } from 'zod';
import type { UpdateStoryDetailsFormSchema } from '../../../shared/schemas/story';
import { IMAGE_MAX_BYTES } from '../../../shared/validation';
import type { SeriesChoice } from '../../domain/series/series-membership';
import type { MultipartLimits } from '../../middleware/multipart';

export const storyFormLimits: MultipartLimits = { maxFileBytes: IMAGE_MAX_BYTES };

/**
 * The story form's series fields as a choice: a series id, else a series title (the create form calls it
 * `series_title`, the edit form `series_name`), else standalone. A form that sends none of them leaves the
 * series as it is ('unchanged'; for a new story, standalone).
 */
export function seriesChoiceOf(
  fields: Pick<
    z.output<typeof UpdateStoryDetailsFormSchema>,
    'series_id' | 'series_title' | 'series_name' | 'series_place'
  >,
): SeriesChoice {
  const place = fields.series_place === '' ? undefined : fields.series_place;
  const placed = place === undefined ? {} : { place };
  const seriesTitle = fields.series_title || fields.series_name;
  if (fields.series_id) return { kind: 'series', seriesId: fields.series_id, ...placed };
  if (seriesTitle) return { kind: 'series', seriesTitle, ...placed };
  const sentSeriesFields = [fields.series_id, fields.series_title, fields.series_name].some(
    (field) => field !== undefined,
  );
  return sentSeriesFields ? { kind: 'standalone' } : { kind: 'unchanged', ...placed };
}
