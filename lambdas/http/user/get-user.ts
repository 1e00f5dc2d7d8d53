import { UnauthenticatedError } from '../../errors';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';

/** GET /api/user: the signed-in author's account (spec §3 User); 401 when signed out. */
export const handler = httpRoute({
  auth: 'required',
  async handle({ userId, ports }) {
    const user = await ports.repositories.users.get(userId);
    // A session whose user is gone is as good as no session.
    if (!user) throw new UnauthenticatedError();
    return ok(user);
  },
});
