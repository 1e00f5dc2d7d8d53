import { joinShare } from '../../domain/review/shares';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { JoinSharePathSchema } from '../path-parameters';

/** POST /api/shares/{shareId}/join: joins the shared story with the link's role; 410 once it ended. */
export const handler = httpRoute({
  auth: 'required',
  params: JoinSharePathSchema,
  async handle({ params, userId, ports }) {
    return ok(await joinShare(ports.repositories, userId, params.shareId, ports.now()));
  },
});
