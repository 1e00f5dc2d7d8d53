import fc from 'fast-check';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { StripeBilling } from '../../lambdas/adapters/stripe/stripe-billing';
import type { BillingEvent } from '../../lambdas/domain/billing/billing-port';
import { applyWebhookEvent } from '../../lambdas/domain/billing/webhook';
import { createLogger } from '../../lambdas/logger';
import { event, invoice, PERIOD_END, subscription } from '../lambdas/adapters/stripe-fixtures';
import {
  billingHarness,
  PERIOD,
  startSeconds,
  VALID_SIGNATURE,
} from '../lambdas/domain/billing/billing-harness';

/**
 * Suite 8 of issue 16: the payment provider's webhook. Forged deliveries (Stripe's own HMAC scheme, through the
 * Stripe adapter) are refused and change nothing; any order of delivery, with any replays, leaves the state
 * that delivering each event once, in order, leaves.
 */

const SEED = 8_2026;
const SECRET = 'whsec_suite';
const CUSTOMER = 'cus_1';
const SUBSCRIPTION = 'sub_1';
const SUBSCRIBER = {
  customer_id: CUSTOMER,
  subscription_id: SUBSCRIPTION,
  renewing: true,
  expired: false,
  expires_at: String(startSeconds + PERIOD),
};

describe('forged webhook deliveries', () => {
  const stripeHarness = () => {
    const harness = billingHarness();
    harness.addUser('author-1', { ...SUBSCRIBER, expires_at: String(PERIOD_END) });
    const ports = {
      ...harness.ports,
      billing: new StripeBilling({
        secretKey: 'sk_test_suite',
        webhookSecret: SECRET,
        logger: createLogger('silent'),
      }),
    };
    return { harness, ports };
  };
  const deletion = JSON.stringify(
    event('customer.subscription.deleted', subscription({ status: 'canceled' }), 'evt_forged'),
  );
  const renewal = JSON.stringify(event('invoice.paid', invoice(), 'evt_renewal'));
  const sign = (payload: string, secret = SECRET, timestamp?: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

  const forgeries: fc.Arbitrary<{ how: string; payload: string; signature: string | undefined }> = fc.oneof(
    fc.string({ minLength: 8 }).map((secret) => ({
      how: 'another secret',
      payload: deletion,
      signature: sign(deletion, `whsec_${secret}`),
    })),
    fc
      .integer({ min: 0, max: deletion.length - 1 })
      .chain((index) => fc.integer({ min: 1, max: 255 }).map((flip) => ({ index, flip })))
      .map(({ index, flip }) => {
        const bytes = Buffer.from(deletion);
        bytes[index] = bytes[index]! ^ flip;
        return {
          how: 'payload changed after signing',
          payload: bytes.toString('latin1'),
          signature: sign(deletion),
        };
      }),
    fc.constant({ how: "a renewal's signature on a deletion", payload: deletion, signature: sign(renewal) }),
    fc.integer({ min: 301, max: 30 * 24 * 60 * 60 }).map((age) => ({
      how: 'a signature older than five minutes (a replay of a captured delivery)',
      payload: deletion,
      signature: sign(deletion, SECRET, Math.floor(Date.now() / 1000) - age),
    })),
    fc
      .string({ maxLength: 200 })
      .map((signature) => ({ how: 'a made-up header', payload: deletion, signature })),
    fc.constant({ how: 'no header', payload: deletion, signature: undefined }),
  );

  it('accepts the genuine delivery the forgeries are made from', async () => {
    const { harness, ports } = stripeHarness();

    await applyWebhookEvent(ports, deletion, sign(deletion));

    expect(harness.user('author-1')).toMatchObject({ subscription_id: '', expired: true });
  });

  it('refuses every forged delivery with 400 and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(forgeries, async ({ payload, signature }) => {
        const { harness, ports } = stripeHarness();
        const before = harness.user('author-1');

        await expect(applyWebhookEvent(ports, payload, signature)).rejects.toMatchObject({ status: 400 });

        expect(harness.user('author-1')).toEqual(before);
        expect(harness.processedEvents.ids.size).toBe(0);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('replayed and out-of-order webhook events', () => {
  /** A subscription's life: renewals paid one period after another, perhaps a failed payment, perhaps the end. */
  const histories = fc
    .record({
      renewals: fc.integer({ min: 1, max: 4 }),
      failedPayment: fc.boolean(),
      deleted: fc.boolean(),
    })
    .map(({ renewals, failedPayment, deleted }) => {
      const events: BillingEvent[] = Array.from({ length: renewals }, (_, index) => ({
        id: `evt_paid_${index}`,
        type: 'invoice_paid',
        customerId: CUSTOMER,
        subscriptionId: SUBSCRIPTION,
        periodEnd: startSeconds + (index + 2) * PERIOD,
      }));
      if (failedPayment) {
        events.push({
          id: 'evt_failed',
          type: 'invoice_payment_failed',
          customerId: CUSTOMER,
          subscriptionId: SUBSCRIPTION,
        });
      }
      if (deleted) {
        events.push({
          id: 'evt_deleted',
          type: 'subscription_deleted',
          customerId: CUSTOMER,
          subscriptionId: SUBSCRIPTION,
        });
      }
      return events;
    });

  /** The history delivered in any order, each event at least once, some more than once. */
  const deliveries = histories.chain((history) =>
    fc
      .tuple(
        fc.shuffledSubarray(history, { minLength: history.length, maxLength: history.length }),
        fc.array(fc.constantFrom(...history), { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 6 }),
      )
      .map(([shuffled, replays, positions]) => {
        const delivered = [...shuffled];
        replays.forEach((replay, index) =>
          delivered.splice((positions[index] ?? 0) % (delivered.length + 1), 0, replay),
        );
        return { history, delivered };
      }),
  );

  const finalState = async (events: BillingEvent[]) => {
    const harness = billingHarness();
    harness.addUser('author-1', SUBSCRIBER);
    for (const delivered of events)
      await applyWebhookEvent(harness.ports, JSON.stringify(delivered), VALID_SIGNATURE);
    const user = harness.user('author-1')!;
    // Once the subscription is deleted, access has ended: when it was recorded to end no longer decides anything.
    return user.subscription_id === '' ? { ...user, expires_at: 'ended' } : user;
  };

  it('ends in the state that in-order, once-only delivery leaves', async () => {
    await fc.assert(
      fc.asyncProperty(deliveries, async ({ history, delivered }) => {
        expect(await finalState(delivered)).toEqual(await finalState(history));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('keeps access until the latest paid period, whatever arrived last, unless the subscription was deleted', async () => {
    await fc.assert(
      fc.asyncProperty(deliveries, async ({ history, delivered }) => {
        const state = await finalState(delivered);
        const paidUntil = Math.max(
          startSeconds + PERIOD,
          ...history.flatMap((item) => (item.type === 'invoice_paid' ? [item.periodEnd] : [])),
        );
        if (history.some((item) => item.type === 'subscription_deleted')) {
          expect(state).toMatchObject({ subscription_id: '', renewing: false, expired: true });
        } else {
          expect(state).toMatchObject({
            subscription_id: SUBSCRIPTION,
            expired: false,
            expires_at: String(paidUntil),
          });
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
