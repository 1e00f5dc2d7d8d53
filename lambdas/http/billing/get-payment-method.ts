import { billingPortsOf } from '../../ports';
import { getPaymentMethod } from '../../domain/billing/customer';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';

/** GET /billing/customer/payment: the default card; 404 without a customer or a card. */
export const handler = httpRoute({
  auth: 'required',
  async handle({ userId, ports }) {
    return ok(await getPaymentMethod(billingPortsOf(ports), userId));
  },
});
