import type { SubscribeRequest, SubscriptionResponse } from '../../../shared/schemas/billing';
import { isSubscriber, subscriptionStatus } from '../../../shared/subscription';
import {
  AlreadySubscribedError,
  BillingProviderError,
  CardDeclinedError,
  NoSubscriptionError,
  type ProviderSubscription,
  UnknownPriceError,
} from './billing-port';
import {
  applyProviderSubscription,
  changeBillingState,
  endSubscription,
  requireBillingState,
  type BillingPorts,
  type UserBilling,
} from './billing-state';
import { requireOwnCustomer } from './customer';

/** Asks the provider where the user's subscription stands and stores the answer. */
export async function refreshSubscription(ports: BillingPorts, userId: string): Promise<UserBilling> {
  const state = await requireBillingState(ports.billingState, userId);
  if (!isSubscriber(state)) return state;
  const subscriptionId = state.subscription_id;
  const subscription = await ports.billing.getSubscription(state.customer_id, subscriptionId);
  return changeBillingState(ports.billingState, userId, (current) =>
    applyProviderSubscription(current, subscriptionId, subscription, ports.now()),
  );
}

/**
 * The user's billing fields, refreshed from the provider only when the stored period is over: a renewal may
 * have happened that no webhook reported (the local provider has none; a Stripe delivery may be late). This is
 * what `GET /api/user` and the premium handlers read; a subscription whose period has not ended costs no call.
 * When the provider cannot be reached the stored fields answer: an outage must not sign anyone out or fail
 * their page, and it grants nothing the stored period does not.
 */
export async function currentBillingState(ports: BillingPorts, userId: string): Promise<UserBilling> {
  const state = await requireBillingState(ports.billingState, userId);
  const lapsedSubscription = isSubscriber(state) && subscriptionStatus(state, ports.now()) === 'expired';
  if (!lapsedSubscription) return state;
  try {
    return await refreshSubscription(ports, userId);
  } catch (error) {
    if (error instanceof BillingProviderError) return state;
    throw error;
  }
}

/**
 * POST /billing/subscribe. The author becomes a subscriber only once the provider has taken the first payment
 * (nobody is trusted on their word, least of all the browser); the price must be one of the listed products'.
 */
export async function subscribe(
  ports: BillingPorts,
  userId: string,
  request: SubscribeRequest,
): Promise<SubscriptionResponse> {
  let state = await requireBillingState(ports.billingState, userId);
  requireOwnCustomer(state, request.customer_id);
  // A subscription on record may have ended without word from the provider: ask before refusing.
  if (isSubscriber(state)) state = await refreshSubscription(ports, userId);
  if (isSubscriber(state)) throw new AlreadySubscribedError();

  const products = await ports.billing.listProducts();
  if (!products.some((product) => product.price_id === request.price_id)) throw new UnknownPriceError();

  await ports.billing.setDefaultPaymentMethod(request.customer_id, request.payment_method_id);
  // The same request repeated (a double click, a retry) must not charge twice; a new card or a later
  // subscription after this one ends is a new request.
  const idempotencyKey = [
    'subscribe',
    request.customer_id,
    request.price_id,
    request.payment_method_id,
    state.expires_at || 'first',
  ].join('-');
  const subscription = await ports.billing.createSubscription({
    customerId: request.customer_id,
    priceId: request.price_id,
    idempotencyKey,
  });
  if (subscription.status !== 'active') {
    throw new CardDeclinedError(
      'Your payment could not be confirmed. Please try another card.',
      'payment_not_confirmed',
    );
  }

  const stored = await changeBillingState(ports.billingState, userId, (current) => {
    requireOwnCustomer(current, request.customer_id);
    if (current.subscription_id === subscription.id) return current;
    if (isSubscriber(current)) throw new AlreadySubscribedError();
    return {
      ...current,
      subscription_id: subscription.id,
      renewing: subscription.renewing,
      expired: false,
      expires_at: String(subscription.periodEnd),
    };
  });
  return { subscription_id: stored.subscription_id, period_end: stored.expires_at };
}

/**
 * PUT /api/user {renewing}: cancel at the end of the period, or resume. Without a subscription (never had one,
 * it has ended, or the provider no longer knows it: deleted in its dashboard, or a stale id) this throws
 * `NoSubscriptionError`, which the handler answers with a 303 to /subscribe; ids the provider no longer knows
 * are cleared first, so the author can subscribe afresh.
 */
export async function setRenewing(
  ports: BillingPorts,
  userId: string,
  renewing: boolean,
): Promise<UserBilling> {
  const state = await currentBillingState(ports, userId);
  if (!isSubscriber(state)) throw new NoSubscriptionError();
  const subscriptionId = state.subscription_id;
  let subscription: ProviderSubscription;
  try {
    subscription = await ports.billing.setRenewing(state.customer_id, subscriptionId, renewing);
  } catch (error) {
    if (error instanceof NoSubscriptionError) await forgetUnknownSubscription(ports, userId, state);
    throw error;
  }
  const stored = await changeBillingState(ports.billingState, userId, (current) =>
    applyProviderSubscription(current, subscriptionId, subscription, ports.now()),
  );
  if (!isSubscriber(stored)) throw new NoSubscriptionError();
  return stored;
}

/**
 * The provider no longer knows the user's subscription: it has ended, and a customer the provider no longer
 * knows either is forgotten too (the next subscription registers a new one).
 */
async function forgetUnknownSubscription(
  ports: BillingPorts,
  userId: string,
  known: UserBilling,
): Promise<void> {
  const customerKnown = (await ports.billing.findCustomer(known.customer_id)) !== undefined;
  await changeBillingState(ports.billingState, userId, (current) => {
    if (current.subscription_id !== known.subscription_id) return current;
    const ended = endSubscription(current);
    return customerKnown || current.customer_id !== known.customer_id ? ended : { ...ended, customer_id: '' };
  });
}
