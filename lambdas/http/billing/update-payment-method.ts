import { UpdateCustomerRequestSchema } from '../../../shared/schemas/billing';
import { billingPortsOf } from '../../ports';
import { updatePaymentMethod } from '../../domain/billing/customer';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';

/** PUT /billing/customer {customer_id, payment_method_id}: the card becomes the default; answers it. */
export const handler = httpRoute({
  auth: 'required',
  body: UpdateCustomerRequestSchema,
  async handle({ body, userId, ports }) {
    return ok(await updatePaymentMethod(billingPortsOf(ports), userId, body));
  },
});
