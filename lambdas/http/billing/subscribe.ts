import { SubscribeRequestSchema } from '../../../shared/schemas/billing';
import { billingPortsOf } from '../../ports';
import { subscribe } from '../../domain/billing/subscription';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';

/**
 * POST /billing/subscribe {payment_method_id, customer_id, price_id}: answers {subscription_id, period_end}
 * once the provider has taken the first payment; 409 when already subscribed, 402 with the provider's
 * message when the card is refused.
 */
export const handler = httpRoute({
  auth: 'required',
  body: SubscribeRequestSchema,
  async handle({ body, userId, ports }) {
    return ok(await subscribe(billingPortsOf(ports), userId, body));
  },
});
