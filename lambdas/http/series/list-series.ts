import { listSeries } from '../../domain/series/series-views';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';

/** GET /api/series: the caller's series, each with its volumes in place order. */
export const handler = httpRoute({
  auth: 'required',
  async handle({ userId, ports }) {
    return ok(await listSeries(ports.repositories, userId));
  },
});
