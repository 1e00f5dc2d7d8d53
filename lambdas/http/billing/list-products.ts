import { billingPortsOf } from '../../ports';
import { listProducts } from '../../domain/billing/customer';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';

/** GET /billing/products: the plans on sale, each with its recurring price; the first is offered. */
export const handler = httpRoute({
  auth: 'required',
  async handle({ ports }) {
    return ok(await listProducts(billingPortsOf(ports)));
  },
});
