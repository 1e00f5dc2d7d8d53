import { billingPortsOf } from '../../ports';
import { applyWebhookEvent } from '../../domain/billing/webhook';
import { httpRoute, rawBody } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';

/**
 * POST /billing/webhook: Stripe's event deliveries. No session and no cross-site check (Stripe is no browser);
 * the signature over the exact bytes received is the proof, so the body is read raw, never parsed first.
 * 400 for a bad signature; 200 once applied, or when it was applied before.
 */
export const handler = httpRoute({
  auth: 'none',
  crossSite: 'allowed',
  async handle({ event, ports }) {
    const billing = await ports.billing.connect();
    const signature = event.headers?.['stripe-signature'];
    await applyWebhookEvent(billingPortsOf(ports, billing), rawBody(event).toString('utf8'), signature);
    return ok({ received: true });
  },
});
