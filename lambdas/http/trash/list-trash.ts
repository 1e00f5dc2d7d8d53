import { listTrash } from '../../domain/trash/trash';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';

/** GET /api/trash: 'Recently deleted' stories and chapters, restorable for 30 days. */
export const handler = httpRoute({
  auth: 'required',
  async handle({ userId, ports }) {
    return ok(await listTrash(ports, userId));
  },
});
