import { describe, expect, it } from 'vitest';
import { LocalBilling, LOCAL_PREMIUM_PLAN } from '../../../lambdas/adapters/local-billing/local-billing';
import { InMemoryLocalBillingStore } from '../../../lambdas/adapters/local-billing/local-billing-store';
import {
  AlreadySubscribedError,
  CardDeclinedError,
  InsufficientFundsError,
  UnknownPriceError,
  WebhookSignatureError,
} from '../../../lambdas/domain/billing/billing-port';

const START = new Date('2026-11-21T12:00:00Z');
const PERIOD = 3_600;
const startSeconds = START.getTime() / 1000;

function localBilling() {
  const clock = { now: START };
  let issued = 0;
  const billing = new LocalBilling({
    store: new InMemoryLocalBillingStore(),
    now: () => clock.now,
    periodSeconds: PERIOD,
    nonce: () => (issued += 1).toString(16).padStart(8, '0'),
  });
  const advanceBy = (seconds: number) => {
    clock.now = new Date(clock.now.getTime() + seconds * 1000);
  };
  return { billing, advanceBy };
}

const card = (number: string, overrides: Partial<{ expiration_year: number; cvc: string }> = {}) => ({
  number,
  expiration_month: 12,
  expiration_year: 2030,
  cvc: '123',
  ...overrides,
});

async function customerWithCard(billing: LocalBilling, number = '4242424242424242') {
  const customer = await billing.createCustomer({ userId: 'author-1', email: 'ada@example.com' });
  const method = billing.tokenizeCard(card(number));
  await billing.setDefaultPaymentMethod(customer.id, method.id);
  return { customerId: customer.id, paymentMethodId: method.id };
}

async function subscribed(billing: LocalBilling, number = '4242424242424242') {
  const { customerId } = await customerWithCard(billing, number);
  const subscription = await billing.createSubscription({
    customerId,
    priceId: LOCAL_PREMIUM_PLAN.price_id,
    idempotencyKey: 'request-1',
  });
  return { customerId, subscription };
}

describe('LocalBilling cards', () => {
  it('tokenises a test card into a payment method showing only its brand, last four and expiry', () => {
    const { billing } = localBilling();

    const method = billing.tokenizeCard(card('4242424242424242'));

    expect(method).toEqual({
      id: expect.stringMatching(/^pm_local_/),
      brand: 'visa',
      last_four: '4242',
      expiration_month: 12,
      expiration_year: 2030,
      is_default: false,
    });
  });

  it('refuses numbers that are not test cards, expired cards and short security codes', () => {
    const { billing } = localBilling();

    expect(() => billing.tokenizeCard(card('4111111111111112'))).toThrow('Your card number is incorrect.');
    expect(() => billing.tokenizeCard(card('4242424242424242', { expiration_year: 2025 }))).toThrow(
      CardDeclinedError,
    );
    expect(() => billing.tokenizeCard(card('378282246310005', { cvc: '123' }))).toThrow(
      "Your card's security code is invalid.",
    );
  });

  it('saves 4242 4242 4242 4242 as the default card', async () => {
    const { billing } = localBilling();

    const { customerId, paymentMethodId } = await customerWithCard(billing);

    expect(await billing.getDefaultPaymentMethod(customerId)).toMatchObject({
      id: paymentMethodId,
      last_four: '4242',
    });
    expect(await billing.findCustomer(customerId)).toEqual({
      id: customerId,
      payment_methods: [expect.objectContaining({ id: paymentMethodId, is_default: true })],
    });
  });

  it('declines 4000 0000 0000 0002 with "Your card was declined."', async () => {
    const { billing } = localBilling();

    const attempt = customerWithCard(billing, '4000000000000002');

    await expect(attempt).rejects.toThrow(CardDeclinedError);
    await expect(customerWithCard(billing, '4000000000000002')).rejects.toThrow('Your card was declined.');
  });

  it('refuses 4000 0000 0000 9995 for insufficient funds', async () => {
    const { billing } = localBilling();

    const attempt = customerWithCard(billing, '4000000000009995');

    await expect(attempt).rejects.toThrow(InsufficientFundsError);
    await expect(customerWithCard(billing, '4000000000009995')).rejects.toThrow(
      'Your card has insufficient funds.',
    );
  });

  it('saves 4000 0000 0000 0341 but declines charging it, leaving no subscription', async () => {
    const { billing } = localBilling();
    const { customerId } = await customerWithCard(billing, '4000000000000341');

    const attempt = billing.createSubscription({
      customerId,
      priceId: LOCAL_PREMIUM_PLAN.price_id,
      idempotencyKey: 'k',
    });

    await expect(attempt).rejects.toThrow('Your card was declined.');
  });

  it('keeps one customer per author however often it is created', async () => {
    const { billing } = localBilling();

    const first = await billing.createCustomer({ userId: 'author-1' });
    const second = await billing.createCustomer({ userId: 'author-1' });

    expect(second.id).toBe(first.id);
    expect((await billing.createCustomer({ userId: 'author-2' })).id).not.toBe(first.id);
  });
});

describe('LocalBilling subscriptions', () => {
  it('sells one plan, Loreweaver Premium', async () => {
    const { billing } = localBilling();

    expect(await billing.listProducts()).toEqual([LOCAL_PREMIUM_PLAN]);
    expect(LOCAL_PREMIUM_PLAN.name).toBe('Loreweaver Premium');
  });

  it('starts an active, renewing subscription for one period', async () => {
    const { billing } = localBilling();

    const { customerId, subscription } = await subscribed(billing);

    expect(subscription).toEqual({
      id: expect.stringMatching(/^sub_local_/),
      customerId,
      status: 'active',
      renewing: true,
      periodEnd: startSeconds + PERIOD,
    });
  });

  it('answers the same subscription to the same request, and refuses a second one', async () => {
    const { billing } = localBilling();
    const { customerId, subscription } = await subscribed(billing);

    const repeated = await billing.createSubscription({
      customerId,
      priceId: LOCAL_PREMIUM_PLAN.price_id,
      idempotencyKey: 'request-1',
    });
    const another = billing.createSubscription({
      customerId,
      priceId: LOCAL_PREMIUM_PLAN.price_id,
      idempotencyKey: 'request-2',
    });

    expect(repeated.id).toBe(subscription.id);
    await expect(another).rejects.toThrow(AlreadySubscribedError);
  });

  it('refuses a price it does not sell', async () => {
    const { billing } = localBilling();
    const { customerId } = await customerWithCard(billing);

    const attempt = billing.createSubscription({ customerId, priceId: 'price_other', idempotencyKey: 'k' });

    await expect(attempt).rejects.toThrow(UnknownPriceError);
  });

  it('renews each period that passes while renewing', async () => {
    const { billing, advanceBy } = localBilling();
    const { customerId, subscription } = await subscribed(billing);

    advanceBy(PERIOD * 2 + 10);
    const later = await billing.getSubscription(customerId, subscription.id);

    expect(later).toMatchObject({ status: 'active', renewing: true, periodEnd: startSeconds + PERIOD * 3 });
  });

  it('ends at the end of the period once renewal is turned off, and can be resumed before', async () => {
    const { billing, advanceBy } = localBilling();
    const { customerId, subscription } = await subscribed(billing);

    const cancelled = await billing.setRenewing(customerId, subscription.id, false);
    advanceBy(PERIOD - 1);
    const lastSecond = await billing.getSubscription(customerId, subscription.id);
    advanceBy(1);
    const ended = await billing.getSubscription(customerId, subscription.id);

    expect(cancelled).toMatchObject({ status: 'active', renewing: false });
    expect(lastSecond).toMatchObject({ status: 'active', periodEnd: startSeconds + PERIOD });
    expect(ended).toMatchObject({ status: 'ended', renewing: false, periodEnd: startSeconds + PERIOD });
  });

  it('resumes renewal when turned back on before the period ends', async () => {
    const { billing, advanceBy } = localBilling();
    const { customerId, subscription } = await subscribed(billing);
    await billing.setRenewing(customerId, subscription.id, false);

    await billing.setRenewing(customerId, subscription.id, true);
    advanceBy(PERIOD);

    expect(await billing.getSubscription(customerId, subscription.id)).toMatchObject({
      status: 'active',
      periodEnd: startSeconds + PERIOD * 2,
    });
  });

  it('ends the subscription when a renewal charge fails', async () => {
    const { billing, advanceBy } = localBilling();
    const { customerId, subscription } = await subscribed(billing);
    const failing = billing.tokenizeCard(card('4000000000000341'));
    await billing.setDefaultPaymentMethod(customerId, failing.id);

    advanceBy(PERIOD);

    expect(await billing.getSubscription(customerId, subscription.id)).toMatchObject({
      status: 'ended',
      periodEnd: startSeconds + PERIOD,
    });
  });

  it('renews only until the card expires', async () => {
    const { billing, advanceBy } = localBilling();
    const { customerId, subscription } = await subscribed(billing);
    const expiresSoon = billing.tokenizeCard({
      ...card('4242424242424242'),
      expiration_month: 11,
      expiration_year: 2026,
    });
    await billing.setDefaultPaymentMethod(customerId, expiresSoon.id);
    // The card is good through November 2026: renewals due before 1 December 2026 go through.
    const firstOfDecember = Date.UTC(2026, 11, 1) / 1000;

    advanceBy(firstOfDecember - startSeconds + PERIOD * 5);
    const ended = await billing.getSubscription(customerId, subscription.id);

    expect(ended?.status).toBe('ended');
    expect(ended?.periodEnd).toBeGreaterThanOrEqual(firstOfDecember);
    expect(ended?.periodEnd).toBeLessThan(firstOfDecember + PERIOD);
  });

  it('knows no subscription of another customer', async () => {
    const { billing } = localBilling();
    const { subscription } = await subscribed(billing);
    const other = await billing.createCustomer({ userId: 'author-2' });

    expect(await billing.getSubscription(other.id, subscription.id)).toBeUndefined();
  });

  it('refuses every webhook delivery: it sends none', () => {
    const { billing } = localBilling();

    expect(() => billing.parseWebhook()).toThrow(WebhookSignatureError);
  });
});
