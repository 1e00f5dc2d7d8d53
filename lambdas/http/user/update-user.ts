import { UpdateUserRequestSchema } from '../../../shared/schemas/billing';
import { NoSubscriptionError } from '../../domain/billing/billing-port';
import { billingPortsOf } from '../../domain/billing/billing-state';
import { setRenewing } from '../../domain/billing/subscription';
import { UnauthenticatedError } from '../../errors';
import { httpRoute } from '../../middleware/http-route';
import { ok, redirect } from '../../middleware/responses';

/**
 * PUT /api/user {renewing}: turns auto-renewal off (cancel at the period's end) or on again; answers the
 * updated user. Without a subscription the spec's answer is a 303 to /subscribe.
 */
export const handler = httpRoute({
  auth: 'required',
  body: UpdateUserRequestSchema,
  async handle({ body, userId, ports }) {
    try {
      const billing = await setRenewing(billingPortsOf(ports), userId, body.renewing);
      const user = await ports.repositories.users.get(userId);
      if (!user) throw new UnauthenticatedError();
      return ok({ ...user, ...billing });
    } catch (error) {
      if (error instanceof NoSubscriptionError) {
        return redirect(NoSubscriptionError.redirectTo, { statusCode: 303 });
      }
      throw error;
    }
  },
});
