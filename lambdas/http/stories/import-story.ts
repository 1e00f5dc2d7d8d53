import {
  MANUSCRIPT_MAX_BYTES,
  MANUSCRIPT_MISSING_MESSAGE,
  MANUSCRIPT_TOO_LARGE_MESSAGE,
} from '../../../shared/manuscript-import';
import { ImportStoryFormSchema } from '../../../shared/schemas/story';
import { importStory } from '../../domain/import/import-story';
import { ValidationError } from '../../errors';
import { httpRoute } from '../../middleware/http-route';
import { parseFormFields, parseMultipartForm } from '../../middleware/multipart';
import { json } from '../../middleware/responses';
import { seriesChoiceOf } from './story-form';

/**
 * POST /api/stories/import (multipart: the manuscript as `file`, optional title, description and series
 * fields): 202 with the new story, whose chapters the import worker builds.
 */
export const handler = httpRoute({
  auth: 'required',
  async handle({ event, userId, ports }) {
    const form = await parseMultipartForm(event, {
      maxFileBytes: MANUSCRIPT_MAX_BYTES,
      fileTooLargeMessage: MANUSCRIPT_TOO_LARGE_MESSAGE,
    });
    const fields = parseFormFields(ImportStoryFormSchema, form.fields);
    if (!form.file) throw new ValidationError(MANUSCRIPT_MISSING_MESSAGE);
    const series = seriesChoiceOf(fields);
    const story = await importStory(ports, userId, {
      file: form.file,
      ...(fields.title ? { title: fields.title } : {}),
      ...(fields.description ? { description: fields.description } : {}),
      series: series.kind === 'unchanged' ? { kind: 'standalone' } : series,
    });
    return json(202, story);
  },
});
