import { UpdateUserRequestSchema } from '../../../shared/schemas/billing';
import { NoSubscriptionError } from '../../domain/billing/billing-port';
import { billingPortsOf } from '../../ports';
import { currentBillingState, setRenewing } from '../../domain/billing/subscription';
import { updateUserPreferences } from '../../domain/users/user-preferences';
import { UnauthenticatedError } from '../../errors';
import { httpRoute } from '../../middleware/http-route';
import { ok, redirect } from '../../middleware/responses';

/**
 * PUT /api/user {renewing?, theme?, daily_goal?, time_zone?}: turns auto-renewal off (cancel at the period's
 * end) or on again, and keeps the author's preferences (issue 15); answers the updated user. Renewal without a
 * subscription is the spec's 303 to /subscribe (preferences sent with it are kept first).
 */
export const handler = httpRoute({
  auth: 'required',
  body: UpdateUserRequestSchema,
  async handle({ body, userId, ports }) {
    const { renewing, ...preferences } = body;
    if (Object.values(preferences).some((value) => value !== undefined)) {
      await updateUserPreferences(ports, userId, preferences);
    }
    try {
      const billingPorts = billingPortsOf(ports);
      const billing =
        renewing === undefined
          ? await currentBillingState(billingPorts, userId)
          : await setRenewing(billingPorts, userId, renewing);
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
