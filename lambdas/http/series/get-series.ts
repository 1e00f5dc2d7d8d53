import { getSeries } from '../../domain/series/series-views';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { SeriesPathSchema } from '../path-parameters';

/** GET /api/series/{seriesId}. */
export const handler = httpRoute({
  auth: 'required',
  params: SeriesPathSchema,
  async handle({ params, userId, ports }) {
    return ok(await getSeries(ports.repositories, userId, params.seriesId));
  },
});
