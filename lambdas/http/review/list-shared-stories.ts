import { listSharedWithMe } from '../../domain/review/shares';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';

/** GET /api/shared: the stories shared with me. */
export const handler = httpRoute({
  auth: 'required',
  async handle({ userId, ports }) {
    return ok(await listSharedWithMe(ports.repositories, userId, ports.now()));
  },
});
