import { UpdateUserRequestSchema } from '../../../shared/schemas/billing';
import { NoSubscriptionError } from '../../domain/billing/billing-port';
import { billingPortsOf } from '../../domain/billing/billing-state';
import { setRenewing } from '../../domain/billing/subscription';
import { updateWritingPreferences } from '../../domain/progress/progress';
import { UnauthenticatedError } from '../../errors';
import { httpRoute } from '../../middleware/http-route';
import { ok, redirect } from '../../middleware/responses';

/**
 * PUT /api/user {renewing}: turns auto-renewal off (cancel at the period's end) or on again; answers the
 * updated user. Without a subscription the spec's answer is a 303 to /subscribe. The same call sets the
 * author's daily goal and time zone (issue 15 §1), which are saved first, with or without `renewing`.
 */
export const handler = httpRoute({
  auth: 'required',
  body: UpdateUserRequestSchema,
  async handle({ body, userId, ports }) {
    const { renewing, ...preferences } = body;
    // The schema refuses an empty body: without `renewing`, there are preferences to save.
    if (renewing === undefined) return ok(await updateWritingPreferences(ports, userId, preferences));
    if (preferences.daily_goal !== undefined || preferences.time_zone !== undefined) {
      await updateWritingPreferences(ports, userId, preferences);
    }
    try {
      const billing = await setRenewing(billingPortsOf(ports), userId, renewing);
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
