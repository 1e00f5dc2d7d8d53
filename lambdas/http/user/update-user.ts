import { UpdateUserRequestSchema } from '../../../shared/schemas/billing';
import { NoSubscriptionError } from '../../domain/billing/billing-port';
import { billingPortsOf } from '../../domain/billing/billing-state';
import { currentBillingState, setRenewing } from '../../domain/billing/subscription';
import { UnauthenticatedError } from '../../errors';
import { httpRoute } from '../../middleware/http-route';
import { ok, redirect } from '../../middleware/responses';

/**
 * PUT /api/user {renewing?, theme?}: turns auto-renewal off (cancel at the period's end) or on again, and keeps
 * the author's theme; answers the updated user. Renewal without a subscription is the spec's 303 to
 * /subscribe (a theme sent with it is kept first).
 */
export const handler = httpRoute({
  auth: 'required',
  body: UpdateUserRequestSchema,
  async handle({ body, userId, ports }) {
    const { users } = ports.repositories;
    if (body.theme !== undefined && !(await users.setTheme(userId, body.theme))) {
      throw new UnauthenticatedError();
    }
    try {
      const billingPorts = billingPortsOf(ports);
      const billing =
        body.renewing === undefined
          ? await currentBillingState(billingPorts, userId)
          : await setRenewing(billingPorts, userId, body.renewing);
      const user = await users.get(userId);
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
