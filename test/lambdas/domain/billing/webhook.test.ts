import { describe, expect, it } from 'vitest';
import { WebhookSignatureError, type BillingEvent } from '../../../../lambdas/domain/billing/billing-port';
import { applyWebhookEvent } from '../../../../lambdas/domain/billing/webhook';
import { billingHarness, PERIOD, startSeconds, VALID_SIGNATURE } from './billing-harness';

const CUSTOMER = 'cus_1';
const SUBSCRIPTION = 'sub_1';
const firstPeriodEnd = startSeconds + PERIOD;

function subscriberHarness() {
  const harness = billingHarness();
  harness.addUser('author-1', {
    customer_id: CUSTOMER,
    subscription_id: SUBSCRIPTION,
    renewing: true,
    expired: false,
    expires_at: String(firstPeriodEnd),
  });
  const deliver = (event: BillingEvent, signature = VALID_SIGNATURE) =>
    applyWebhookEvent(harness.ports, JSON.stringify(event), signature);
  return { ...harness, deliver };
}

const paid = (id: string, periodEnd: number, subscriptionId = SUBSCRIPTION): BillingEvent => ({
  id,
  type: 'invoice_paid',
  customerId: CUSTOMER,
  subscriptionId,
  periodEnd,
});
const updated = (id: string): BillingEvent => ({
  id,
  type: 'subscription_updated',
  customerId: CUSTOMER,
  subscriptionId: SUBSCRIPTION,
});
const deleted = (id: string): BillingEvent => ({
  id,
  type: 'subscription_deleted',
  customerId: CUSTOMER,
  subscriptionId: SUBSCRIPTION,
});
const failed = (id: string): BillingEvent => ({
  id,
  type: 'invoice_payment_failed',
  customerId: CUSTOMER,
  subscriptionId: SUBSCRIPTION,
});

describe('applyWebhookEvent', () => {
  it('refuses a delivery with a bad or missing signature and changes nothing', async () => {
    const harness = subscriberHarness();
    const before = harness.user('author-1');

    await expect(harness.deliver(deleted('evt_1'), 'forged')).rejects.toThrow(WebhookSignatureError);
    await expect(
      applyWebhookEvent(harness.ports, JSON.stringify(deleted('evt_1')), undefined),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect(harness.user('author-1')).toEqual(before);
    expect(harness.processedEvents.ids.size).toBe(0);
  });

  it('extends access to the end of a paid renewal', async () => {
    const harness = subscriberHarness();

    await harness.deliver(paid('evt_1', firstPeriodEnd + PERIOD));

    expect(harness.user('author-1')).toMatchObject({
      expires_at: String(firstPeriodEnd + PERIOD),
      expired: false,
    });
  });

  it('applies an event once: a replay changes nothing', async () => {
    const harness = subscriberHarness();
    await harness.deliver(deleted('evt_1'));
    harness.addUser('author-1', {
      customer_id: CUSTOMER,
      subscription_id: SUBSCRIPTION,
      expires_at: String(firstPeriodEnd),
    });
    const resubscribed = harness.user('author-1');

    await harness.deliver(deleted('evt_1'));

    expect(harness.user('author-1')).toEqual(resubscribed);
  });

  it('never moves the expiry backwards when an older paid invoice arrives late', async () => {
    const harness = subscriberHarness();
    await harness.deliver(paid('evt_2', firstPeriodEnd + 2 * PERIOD));

    await harness.deliver(paid('evt_1', firstPeriodEnd + PERIOD));

    expect(harness.user('author-1')?.expires_at).toBe(String(firstPeriodEnd + 2 * PERIOD));
  });

  it('does not bring back a deleted subscription when its paid invoice arrives after the deletion', async () => {
    const harness = subscriberHarness();
    await harness.deliver(deleted('evt_2'));

    await harness.deliver(paid('evt_1', firstPeriodEnd + PERIOD));

    expect(harness.user('author-1')).toMatchObject({
      subscription_id: '',
      renewing: false,
      expired: true,
      expires_at: String(firstPeriodEnd),
    });
  });

  it('ignores events about a subscription other than the current one', async () => {
    const harness = subscriberHarness();
    const before = harness.user('author-1');

    await harness.deliver(paid('evt_1', firstPeriodEnd + 10 * PERIOD, 'sub_old'));

    expect(harness.user('author-1')).toEqual(before);
  });

  it('changes nothing for a customer no author holds, yet records the event', async () => {
    const harness = subscriberHarness();
    const before = harness.user('author-1');

    await harness.deliver({
      id: 'evt_1',
      type: 'subscription_deleted',
      customerId: 'cus_unknown',
      subscriptionId: SUBSCRIPTION,
    });

    expect(harness.user('author-1')).toEqual(before);
    expect(harness.processedEvents.ids.has('evt_1')).toBe(true);
  });

  it('reads an update as the provider holds the subscription now, so late updates cannot undo newer ones', async () => {
    const harness = subscriberHarness();
    // The author turned renewal off, then on again: Stripe sent two updates, delivered in reverse order.
    harness.billing.providerSubscriptions.set(SUBSCRIPTION, {
      id: SUBSCRIPTION,
      customerId: CUSTOMER,
      status: 'active',
      renewing: true,
      periodEnd: firstPeriodEnd,
    });

    await harness.deliver(updated('evt_2'));
    await harness.deliver(updated('evt_1'));

    expect(harness.user('author-1')).toMatchObject({
      renewing: true,
      expired: false,
      expires_at: String(firstPeriodEnd),
    });
  });

  it('records a cancellation at period end reported by an update', async () => {
    const harness = subscriberHarness();
    harness.billing.providerSubscriptions.set(SUBSCRIPTION, {
      id: SUBSCRIPTION,
      customerId: CUSTOMER,
      status: 'active',
      renewing: false,
      periodEnd: firstPeriodEnd,
    });

    await harness.deliver(updated('evt_1'));

    expect(harness.user('author-1')).toMatchObject({
      subscription_id: SUBSCRIPTION,
      renewing: false,
      expired: false,
    });
  });

  it('keeps the paid expiry when an update reports a past-due renewal', async () => {
    const harness = subscriberHarness();
    harness.billing.providerSubscriptions.set(SUBSCRIPTION, {
      id: SUBSCRIPTION,
      customerId: CUSTOMER,
      status: 'past_due',
      renewing: true,
      periodEnd: firstPeriodEnd + PERIOD,
    });

    await harness.deliver(updated('evt_1'));

    expect(harness.user('author-1')).toMatchObject({ expires_at: String(firstPeriodEnd), expired: false });
  });

  it('ends the subscription when an update finds it gone', async () => {
    const harness = subscriberHarness();

    await harness.deliver(updated('evt_1'));

    expect(harness.user('author-1')).toMatchObject({ subscription_id: '', expired: true });
  });

  it('ends the subscription on deletion, keeping when access ended', async () => {
    const harness = subscriberHarness();

    await harness.deliver(deleted('evt_1'));

    expect(harness.user('author-1')).toEqual({
      customer_id: CUSTOMER,
      subscription_id: '',
      renewing: false,
      expired: true,
      expires_at: String(firstPeriodEnd),
    });
  });

  it('on a failed payment gives no extra time, and marks the subscription expired once its period is over', async () => {
    const harness = subscriberHarness();

    await harness.deliver(failed('evt_1'));
    const duringPeriod = harness.user('author-1');
    harness.advanceBy(PERIOD);
    await harness.deliver(failed('evt_2'));

    expect(duringPeriod).toMatchObject({ expired: false, expires_at: String(firstPeriodEnd) });
    expect(harness.user('author-1')).toMatchObject({ expired: true, expires_at: String(firstPeriodEnd) });
  });

  it('acknowledges other event types without recording or changing anything', async () => {
    const harness = subscriberHarness();
    const before = harness.user('author-1');

    await harness.deliver({ id: 'evt_1', type: 'ignored' });

    expect(harness.user('author-1')).toEqual(before);
    expect(harness.processedEvents.ids.size).toBe(0);
  });
});
