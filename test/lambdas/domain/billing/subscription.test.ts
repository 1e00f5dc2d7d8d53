import { describe, expect, it } from 'vitest';
import { LOCAL_PREMIUM_PLAN } from '../../../../lambdas/adapters/local-billing/local-billing';
import {
  AlreadySubscribedError,
  BillingProviderError,
  CardDeclinedError,
  ForeignCustomerError,
  NoPaymentMethodError,
  NoSubscriptionError,
  UnknownPriceError,
} from '../../../../lambdas/domain/billing/billing-port';
import {
  getPaymentMethod,
  listProducts,
  registerCustomer,
  updatePaymentMethod,
} from '../../../../lambdas/domain/billing/customer';
import { ensurePremium, requirePremium } from '../../../../lambdas/domain/billing/premium';
import { currentBillingState, setRenewing, subscribe } from '../../../../lambdas/domain/billing/subscription';
import { ConflictError, SubscriptionRequiredError } from '../../../../lambdas/errors';
import { billingHarness, PERIOD, startSeconds, testCard } from './billing-harness';

async function registeredAuthor(
  harness: ReturnType<typeof billingHarness>,
  userId = 'author-1',
  card = testCard(),
) {
  harness.addUser(userId);
  const customer = await registerCustomer(harness.ports, { userId });
  const method = harness.billing.tokenizeCard(card);
  return { customerId: customer.id, paymentMethodId: method.id };
}

async function subscribedAuthor(harness: ReturnType<typeof billingHarness>, userId = 'author-1') {
  const { customerId, paymentMethodId } = await registeredAuthor(harness, userId);
  const response = await subscribe(harness.ports, userId, {
    customer_id: customerId,
    payment_method_id: paymentMethodId,
    price_id: LOCAL_PREMIUM_PLAN.price_id,
  });
  return { customerId, paymentMethodId, response };
}

describe('registerCustomer', () => {
  it('creates the author a customer on the first call and stores it', async () => {
    const harness = billingHarness();
    harness.addUser('author-1');

    const customer = await registerCustomer(harness.ports, { userId: 'author-1', email: 'ada@example.com' });

    expect(customer).toEqual({ id: expect.stringMatching(/^cus_local_/), payment_methods: [] });
    expect(harness.user('author-1')?.customer_id).toBe(customer.id);
  });

  it('answers the same customer, with its cards, on later calls', async () => {
    const harness = billingHarness();
    const { customerId, paymentMethodId } = await registeredAuthor(harness);
    await updatePaymentMethod(harness.ports, 'author-1', {
      customer_id: customerId,
      payment_method_id: paymentMethodId,
    });

    const again = await registerCustomer(harness.ports, { userId: 'author-1' });

    expect(again).toEqual({
      id: customerId,
      payment_methods: [
        expect.objectContaining({ id: paymentMethodId, last_four: '4242', is_default: true }),
      ],
    });
  });
});

describe('payment methods', () => {
  it('makes the card the default and shows it', async () => {
    const harness = billingHarness();
    const { customerId, paymentMethodId } = await registeredAuthor(harness);

    await updatePaymentMethod(harness.ports, 'author-1', {
      customer_id: customerId,
      payment_method_id: paymentMethodId,
    });

    expect(await getPaymentMethod(harness.ports, 'author-1')).toEqual({
      id: paymentMethodId,
      brand: 'visa',
      last_four: '4242',
      expiration_month: 12,
      expiration_year: 2030,
    });
  });

  it("answers 403 for a customer that is not the author's own", async () => {
    const harness = billingHarness();
    const { customerId: theirs } = await registeredAuthor(harness, 'author-2');
    const { paymentMethodId } = await registeredAuthor(harness, 'author-1');

    const attempt = updatePaymentMethod(harness.ports, 'author-1', {
      customer_id: theirs,
      payment_method_id: paymentMethodId,
    });

    await expect(attempt).rejects.toThrow(ForeignCustomerError);
    await expect(attempt).rejects.toMatchObject({ status: 403 });
  });

  it('answers 403 for any customer before the author has one', async () => {
    const harness = billingHarness();
    harness.addUser('author-1');

    const attempt = updatePaymentMethod(harness.ports, 'author-1', {
      customer_id: 'cus_x',
      payment_method_id: 'pm_x',
    });

    await expect(attempt).rejects.toThrow(ForeignCustomerError);
  });

  it("passes on the provider's message for a declined card", async () => {
    const harness = billingHarness();
    const { customerId, paymentMethodId } = await registeredAuthor(
      harness,
      'author-1',
      testCard('4000000000000002'),
    );

    const attempt = updatePaymentMethod(harness.ports, 'author-1', {
      customer_id: customerId,
      payment_method_id: paymentMethodId,
    });

    await expect(attempt).rejects.toMatchObject({ status: 402, message: 'Your card was declined.' });
  });

  it('answers 404 when there is no customer or no card', async () => {
    const harness = billingHarness();
    harness.addUser('free');
    await registeredAuthor(harness, 'no-card');

    await expect(getPaymentMethod(harness.ports, 'free')).rejects.toThrow(NoPaymentMethodError);
    await expect(getPaymentMethod(harness.ports, 'no-card')).rejects.toThrow(NoPaymentMethodError);
  });
});

describe('listProducts', () => {
  it("lists the provider's plans", async () => {
    const harness = billingHarness();

    expect(await listProducts(harness.ports)).toEqual([LOCAL_PREMIUM_PLAN]);
  });
});

describe('subscribe', () => {
  it('makes the author a subscriber once the provider has taken the payment', async () => {
    const harness = billingHarness();

    const { response } = await subscribedAuthor(harness);

    expect(response).toEqual({
      subscription_id: expect.stringMatching(/^sub_local_/),
      period_end: String(startSeconds + PERIOD),
    });
    expect(harness.user('author-1')).toMatchObject({
      subscription_id: response.subscription_id,
      renewing: true,
      expired: false,
      expires_at: String(startSeconds + PERIOD),
    });
  });

  it('answers 409 when the author already has a subscription', async () => {
    const harness = billingHarness();
    const { customerId, paymentMethodId } = await subscribedAuthor(harness);

    const again = subscribe(harness.ports, 'author-1', {
      customer_id: customerId,
      payment_method_id: paymentMethodId,
      price_id: LOCAL_PREMIUM_PLAN.price_id,
    });

    await expect(again).rejects.toThrow(AlreadySubscribedError);
    await expect(again).rejects.toMatchObject({ status: 409 });
  });

  it('lets an author whose subscription ended subscribe again', async () => {
    const harness = billingHarness();
    const { customerId, paymentMethodId, response } = await subscribedAuthor(harness);
    await setRenewing(harness.ports, 'author-1', false);
    harness.advanceBy(PERIOD);

    const renewed = await subscribe(harness.ports, 'author-1', {
      customer_id: customerId,
      payment_method_id: paymentMethodId,
      price_id: LOCAL_PREMIUM_PLAN.price_id,
    });

    expect(renewed.subscription_id).not.toBe(response.subscription_id);
    expect(harness.user('author-1')).toMatchObject({
      subscription_id: renewed.subscription_id,
      expired: false,
    });
  });

  it('answers 400 for a price that is not one of the listed products', async () => {
    const harness = billingHarness();
    const { customerId, paymentMethodId } = await registeredAuthor(harness);

    const attempt = subscribe(harness.ports, 'author-1', {
      customer_id: customerId,
      payment_method_id: paymentMethodId,
      price_id: 'price_cheaper',
    });

    await expect(attempt).rejects.toThrow(UnknownPriceError);
    await expect(attempt).rejects.toMatchObject({ status: 400 });
  });

  it("answers 403 for another author's customer", async () => {
    const harness = billingHarness();
    const { customerId: theirs } = await registeredAuthor(harness, 'author-2');
    const { paymentMethodId } = await registeredAuthor(harness, 'author-1');

    const attempt = subscribe(harness.ports, 'author-1', {
      customer_id: theirs,
      payment_method_id: paymentMethodId,
      price_id: LOCAL_PREMIUM_PLAN.price_id,
    });

    await expect(attempt).rejects.toThrow(ForeignCustomerError);
    expect(harness.user('author-2')?.subscription_id).toBe('');
  });

  it('leaves the author free when the charge is declined', async () => {
    const harness = billingHarness();
    const { customerId, paymentMethodId } = await registeredAuthor(
      harness,
      'author-1',
      testCard('4000000000000341'),
    );

    const attempt = subscribe(harness.ports, 'author-1', {
      customer_id: customerId,
      payment_method_id: paymentMethodId,
      price_id: LOCAL_PREMIUM_PLAN.price_id,
    });

    await expect(attempt).rejects.toThrow(CardDeclinedError);
    expect(harness.user('author-1')).toMatchObject({ subscription_id: '', expires_at: '' });
  });

  it('leaves the author free when the provider confirms no payment', async () => {
    const harness = billingHarness();
    const { customerId, paymentMethodId } = await registeredAuthor(harness);
    harness.billing.createSubscription = async (request) => ({
      id: 'sub_incomplete',
      customerId: request.customerId,
      status: 'incomplete',
      renewing: true,
      periodEnd: startSeconds + PERIOD,
    });

    const attempt = subscribe(harness.ports, 'author-1', {
      customer_id: customerId,
      payment_method_id: paymentMethodId,
      price_id: LOCAL_PREMIUM_PLAN.price_id,
    });

    await expect(attempt).rejects.toMatchObject({ status: 402, code: 'payment_not_confirmed' });
    expect(harness.user('author-1')?.subscription_id).toBe('');
  });

  it('answers 409 after losing five races to store the subscription', async () => {
    const harness = billingHarness();
    const { customerId, paymentMethodId } = await registeredAuthor(harness);
    harness.billingState.racesToLose = 5;

    const attempt = subscribe(harness.ports, 'author-1', {
      customer_id: customerId,
      payment_method_id: paymentMethodId,
      price_id: LOCAL_PREMIUM_PLAN.price_id,
    });

    await expect(attempt).rejects.toThrow(ConflictError);
  });
});

describe('setRenewing', () => {
  it('turns auto-renewal off and on again', async () => {
    const harness = billingHarness();
    await subscribedAuthor(harness);

    const off = await setRenewing(harness.ports, 'author-1', false);
    const on = await setRenewing(harness.ports, 'author-1', true);

    expect(off).toMatchObject({ renewing: false, expired: false });
    expect(on).toMatchObject({ renewing: true, expired: false });
    expect(harness.user('author-1')?.renewing).toBe(true);
  });

  it('refuses with NoSubscriptionError (the handler answers 303 /subscribe) without a subscription', async () => {
    const harness = billingHarness();
    harness.addUser('author-1');

    const attempt = setRenewing(harness.ports, 'author-1', true);

    await expect(attempt).rejects.toThrow(NoSubscriptionError);
    expect(NoSubscriptionError.redirectTo).toBe('/subscribe');
  });

  it('refuses once the subscription has ended, and records that it has', async () => {
    const harness = billingHarness();
    await subscribedAuthor(harness);
    await setRenewing(harness.ports, 'author-1', false);
    harness.advanceBy(PERIOD);

    const attempt = setRenewing(harness.ports, 'author-1', true);

    await expect(attempt).rejects.toThrow(NoSubscriptionError);
    expect(harness.user('author-1')).toMatchObject({ subscription_id: '', renewing: false, expired: true });
  });

  it('ends a subscription the provider no longer knows and clears its ids, instead of failing each time', async () => {
    const harness = billingHarness();
    const paidUntil = String(startSeconds + PERIOD);
    // Ids the provider never knew or no longer knows (deleted in its dashboard).
    const customerId = 'cus_local_deleted';
    harness.addUser('author-1', {
      customer_id: customerId,
      subscription_id: 'sub_local_deleted',
      renewing: true,
      expired: false,
      expires_at: paidUntil,
    });

    await expect(setRenewing(harness.ports, 'author-1', false)).rejects.toThrow(NoSubscriptionError);
    expect(harness.user('author-1')).toMatchObject({ customer_id: '', subscription_id: '', renewing: false });
    // The author can start again: a new customer, and a subscription on it.
    const again = await subscribedAuthor(harness);
    expect(again.customerId).not.toBe(customerId);
    expect(harness.user('author-1')).toMatchObject({ customer_id: again.customerId, renewing: true });
  });

  it('ends a stale subscription id of a customer the provider still knows, keeping the customer', async () => {
    const harness = billingHarness();
    const { customerId } = await subscribedAuthor(harness);
    const stored = harness.user('author-1');
    harness.addUser('author-1', { ...stored, subscription_id: 'sub_deleted_in_dashboard' });

    await expect(setRenewing(harness.ports, 'author-1', true)).rejects.toThrow(NoSubscriptionError);
    expect(harness.user('author-1')).toMatchObject({ customer_id: customerId, subscription_id: '' });
  });

  it('keeps the stored state when the provider fails', async () => {
    const harness = billingHarness();
    await subscribedAuthor(harness);
    const before = harness.user('author-1');
    harness.billing.setRenewing = async () => {
      throw new BillingProviderError();
    };

    await expect(setRenewing(harness.ports, 'author-1', false)).rejects.toMatchObject({ status: 502 });
    expect(harness.user('author-1')).toEqual(before);
  });
});

describe('premium', () => {
  it('lets a subscriber through and refuses a free author with 401 and the feature message', async () => {
    const harness = billingHarness();
    await subscribedAuthor(harness, 'subscriber');
    harness.addUser('free');

    await expect(ensurePremium(harness.ports, 'subscriber')).resolves.toBeUndefined();
    await expect(
      ensurePremium(harness.ports, 'free', 'Free accounts are unable to export their stories.'),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Free accounts are unable to export their stories.',
    });
  });

  it('follows local renewals without a webhook, and refuses once the period ends unrenewed', async () => {
    const harness = billingHarness();
    await subscribedAuthor(harness);

    harness.advanceBy(PERIOD + 1);
    await expect(ensurePremium(harness.ports, 'author-1')).resolves.toBeUndefined();
    expect(harness.user('author-1')?.expires_at).toBe(String(startSeconds + 2 * PERIOD));

    await setRenewing(harness.ports, 'author-1', false);
    harness.advanceBy(PERIOD);
    await expect(ensurePremium(harness.ports, 'author-1')).rejects.toThrow(SubscriptionRequiredError);
    expect(await currentBillingState(harness.ports, 'author-1')).toMatchObject({
      subscription_id: '',
      expired: true,
    });
  });

  it('answers from the stored state, refusing, when the provider cannot be reached after the period ended', async () => {
    const harness = billingHarness();
    await subscribedAuthor(harness);
    const stored = harness.user('author-1');
    harness.advanceBy(PERIOD + 1);
    harness.billing.getSubscription = async () => {
      throw new BillingProviderError();
    };

    expect(await currentBillingState(harness.ports, 'author-1')).toEqual(stored);
    await expect(ensurePremium(harness.ports, 'author-1')).rejects.toThrow(SubscriptionRequiredError);
  });

  it('refuses an expired record without asking the provider', () => {
    const now = new Date(startSeconds * 1000);
    const lapsed = {
      customer_id: 'cus_1',
      subscription_id: 'sub_1',
      renewing: false,
      expired: false,
      expires_at: String(startSeconds - 1),
    };

    expect(() => requirePremium(lapsed, now)).toThrow(SubscriptionRequiredError);
    expect(() => requirePremium({ ...lapsed, expires_at: String(startSeconds + 1) }, now)).not.toThrow();
  });
});
