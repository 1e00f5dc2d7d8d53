import type { User } from '../../../shared/schemas/user';
import { expiresAtSeconds, isSubscriber } from '../../../shared/subscription';
import { NotFoundError } from '../../errors';
import { ConcurrentChangeError, retryOnConcurrentChange } from '../concurrency';
import type { Billing, ProviderSubscription } from './billing-port';

/** A user's billing fields (spec §3 User), as stored on the user profile. */
export type UserBilling = Pick<
  User,
  'customer_id' | 'subscription_id' | 'renewing' | 'expired' | 'expires_at'
>;

/**
 * Reads and writes the billing fields of users. The DynamoDB implementation keeps them on the user profile
 * item and a `CUSTOMER#<id>` lookup item beside it, written in the same transaction whenever `customer_id`
 * changes, so webhooks (which name customers, not users) find their user with one key read.
 */
export interface UserBillingState {
  get(userId: string): Promise<UserBilling | undefined>;
  findUserIdByCustomerId(customerId: string): Promise<string | undefined>;
  /** Stores `next` only if the stored fields still equal `expected`, all five; false when they changed. */
  replace(userId: string, expected: UserBilling, next: UserBilling): Promise<boolean>;
  /** Removes the customer's lookup if it names this user (a deleted account): its webhooks then find nobody. */
  forgetCustomer(customerId: string, userId: string): Promise<void>;
}

/**
 * Webhook event ids already applied. The DynamoDB implementation is an `EVENT#<id>` item with a TTL well past
 * the provider's retry window (Stripe retries for three days).
 */
export interface ProcessedEvents {
  has(eventId: string): Promise<boolean>;
  record(eventId: string, now: Date): Promise<void>;
}

/** What the billing operations need. */
export interface BillingPorts {
  billing: Billing;
  billingState: UserBillingState;
  processedEvents: ProcessedEvents;
  now(): Date;
}

export async function requireBillingState(store: UserBillingState, userId: string): Promise<UserBilling> {
  const state = await store.get(userId);
  if (!state) throw new NotFoundError('No such user.');
  return state;
}

function sameBilling(left: UserBilling, right: UserBilling): boolean {
  return (
    left.customer_id === right.customer_id &&
    left.subscription_id === right.subscription_id &&
    left.renewing === right.renewing &&
    left.expired === right.expired &&
    left.expires_at === right.expires_at
  );
}

/**
 * Applies `change` to the user's current billing fields with a conditional write, re-reading and re-applying
 * when another request changed them meanwhile. `change` may throw to refuse.
 */
export async function changeBillingState(
  store: UserBillingState,
  userId: string,
  change: (current: UserBilling) => UserBilling,
): Promise<UserBilling> {
  return retryOnConcurrentChange(async () => {
    const current = await requireBillingState(store, userId);
    const next = change(current);
    if (sameBilling(current, next)) return current;
    if (!(await store.replace(userId, current, next))) {
      throw new ConcurrentChangeError('the billing fields changed since they were read');
    }
    return next;
  });
}

const toSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** The later of the stored expiry and a newly paid period end: events arriving late never shorten access. */
export function laterExpiry(state: UserBilling, periodEnd: number): string {
  const stored = expiresAtSeconds(state);
  return String(stored === undefined ? periodEnd : Math.max(stored, periodEnd));
}

function isPast(expiresAt: string, now: Date): boolean {
  const seconds = expiresAtSeconds({ expires_at: expiresAt });
  return seconds !== undefined && seconds <= toSeconds(now);
}

/** The subscription is over: no subscription, not renewing, expired; `expires_at` keeps when access ended. */
export function endSubscription(state: UserBilling): UserBilling {
  return { ...state, subscription_id: '', renewing: false, expired: true };
}

/** Marks the paid period as over once its end has passed; nothing else changes. */
export function expireIfLapsed(state: UserBilling, now: Date): UserBilling {
  return isSubscriber(state) && isPast(state.expires_at, now) ? { ...state, expired: true } : state;
}

/** A paid period of the user's current subscription: access runs to its end, never less than before. */
export function applyPaidPeriod(
  state: UserBilling,
  subscriptionId: string,
  periodEnd: number,
  now: Date,
): UserBilling {
  if (state.subscription_id !== subscriptionId) return state;
  const expires_at = laterExpiry(state, periodEnd);
  return { ...state, expires_at, expired: isPast(expires_at, now) };
}

/**
 * Brings the user's fields in line with the provider's view of their current subscription. Anything about
 * another subscription (an old one, or one the user never confirmed holding) changes nothing. `undefined`
 * means the provider no longer knows the subscription: it has ended.
 */
export function applyProviderSubscription(
  state: UserBilling,
  subscriptionId: string,
  subscription: ProviderSubscription | undefined,
  now: Date,
): UserBilling {
  if (!isSubscriber(state) || state.subscription_id !== subscriptionId) return state;
  if (!subscription || subscription.status === 'ended') return endSubscription(state);
  const renewed = { ...state, renewing: subscription.renewing };
  // Only an active subscription's period is paid for; a past-due one has moved on to a period still owed.
  if (subscription.status === 'active')
    return applyPaidPeriod(renewed, subscriptionId, subscription.periodEnd, now);
  return expireIfLapsed(renewed, now);
}
