import { UpdateSeriesFormSchema } from '../../../shared/schemas/series';
import { IMAGE_MAX_BYTES } from '../../../shared/validation';
import { updateSeries } from '../../domain/series/update-series';
import { httpRoute } from '../../middleware/http-route';
import { parseFormFields, parseMultipartForm } from '../../middleware/multipart';
import { ok } from '../../middleware/responses';
import { SeriesPathSchema } from '../path-parameters';

/** PUT /api/series/{seriesId} (multipart): title, description, image and the ordered volume list. */
export const handler = httpRoute({
  auth: 'required',
  params: SeriesPathSchema,
  async handle({ event, params, userId, ports }) {
    const form = await parseMultipartForm(event, { maxFileBytes: IMAGE_MAX_BYTES });
    const fields = parseFormFields(UpdateSeriesFormSchema, form.fields);
    const series = await updateSeries(ports, userId, params.seriesId, {
      title: fields.series_title,
      ...(fields.series_description === undefined ? {} : { description: fields.series_description }),
      ...(fields.stories ? { volumes: fields.stories } : {}),
      ...(form.file ? { image: form.file.bytes } : {}),
    });
    return ok(series);
  },
});
