import { billingPortsOf } from '../../ports';
import { currentBillingState } from '../../domain/billing/subscription';
import { UnauthenticatedError } from '../../errors';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';

/**
 * GET /api/user: the signed-in author's account (spec §3 User); 401 when signed out. The billing fields are
 * as the provider holds them: a period that has ended is checked with the provider (a renewal no webhook
 * reported yet counts), and an unreachable provider answers the stored fields.
 */
export const handler = httpRoute({
  auth: 'required',
  async handle({ userId, ports }) {
    const user = await ports.repositories.users.get(userId);
    // A session whose user is gone is as good as no session.
    if (!user) throw new UnauthenticatedError();
    return ok({ ...user, ...(await currentBillingState(billingPortsOf(ports), userId)) });
  },
});
