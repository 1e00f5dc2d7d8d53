import {
  applyPaidPeriod,
  applyProviderSubscription,
  changeBillingState,
  endSubscription,
  expireIfLapsed,
  type BillingPorts,
  type UserBilling,
} from './billing-state';
import type { BillingEvent } from './billing-port';

type SubscriptionEvent = Exclude<BillingEvent, { type: 'ignored' }>;

/**
 * POST /billing/webhook: verifies the delivery and applies it once (by event id). Deliveries come in any order
 * and more than once, so each event only ever moves the state forward:
 * - a paid invoice extends access to its period end, never shortening it;
 * - a failed payment changes nothing but marks the period expired once it is over;
 * - an update is a cue to ask the provider for the subscription as it is now, so an older update arriving
 *   late cannot undo a newer one;
 * - a deletion is final.
 * Events about any subscription other than the user's current one change nothing.
 */
export async function applyWebhookEvent(
  ports: BillingPorts,
  payload: string,
  signatureHeader: string | undefined,
): Promise<void> {
  const event = ports.billing.parseWebhook(payload, signatureHeader);
  if (event.type === 'ignored') return;
  if (await ports.processedEvents.has(event.id)) return;

  const userId = await ports.billingState.findUserIdByCustomerId(event.customerId);
  if (userId) {
    const change = await changeFor(ports, event);
    await changeBillingState(ports.billingState, userId, (current) =>
      current.subscription_id === event.subscriptionId ? change(current) : current,
    );
  }
  await ports.processedEvents.record(event.id, ports.now());
}

async function changeFor(
  ports: BillingPorts,
  event: SubscriptionEvent,
): Promise<(current: UserBilling) => UserBilling> {
  const now = ports.now();
  switch (event.type) {
    case 'invoice_paid':
      return (current) => applyPaidPeriod(current, event.subscriptionId, event.periodEnd, now);
    case 'invoice_payment_failed':
      return (current) => expireIfLapsed(current, now);
    case 'subscription_updated': {
      const subscription = await ports.billing.getSubscription(event.customerId, event.subscriptionId);
      return (current) => applyProviderSubscription(current, event.subscriptionId, subscription, now);
    }
    case 'subscription_deleted':
      return endSubscription;
  }
}
