import { readSeriesTimeline } from '../../domain/story-time/timeline';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { SeriesPathSchema } from '../path-parameters';

/** GET /api/series/{seriesId}/timeline: every volume's chapters on one time axis. */
export const handler = httpRoute({
  auth: 'required',
  params: SeriesPathSchema,
  async handle({ userId, params, ports }) {
    return ok(await readSeriesTimeline(ports.repositories, { userId, seriesId: params.seriesId }));
  },
});
