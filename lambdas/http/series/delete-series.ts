import { deleteSeries } from '../../domain/series/delete-series';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';
import { SeriesPathSchema } from '../path-parameters';

/** DELETE /api/series/{seriesId}: its volumes become standalone stories. */
export const handler = httpRoute({
  auth: 'required',
  params: SeriesPathSchema,
  async handle({ params, userId, ports }) {
    await deleteSeries(ports, userId, params.seriesId);
    return noContent();
  },
});
