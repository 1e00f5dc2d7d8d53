import type { User } from './schemas/user';

/** Spec §9: the 'Subscription Expiring' alert shows within this long of the end of a non-renewing period. */
export const EXPIRY_WARNING_WINDOW_SECONDS = 24 * 60 * 60;

/** The subscription fields of a user (spec §3 User): what every subscription rule reads. */
export type SubscriptionFields = Pick<User, 'subscription_id' | 'renewing' | 'expired' | 'expires_at'>;

/**
 * Where an author stands (spec §4 Subscription):
 * - `none`: never subscribed (or the record holds nothing to go on);
 * - `active`: a subscription whose paid period has not ended;
 * - `expiring`: active, not renewing, and ending within the next 24 hours;
 * - `expired`: the subscription ended, or its paid period is over.
 */
export type SubscriptionStatus = 'none' | 'active' | 'expiring' | 'expired';

/**
 * Spec §6: a subscriber is an account with a non-empty subscription_id. That subscription may have lapsed:
 * whether premium features are open is `hasPremiumAccess`.
 */
export function isSubscriber(user: Pick<User, 'subscription_id'> | undefined): boolean {
  return !!user && user.subscription_id.trim() !== '';
}

/** `expires_at` is unix seconds as text; anything else means the end of the period is unknown. */
export function expiresAtSeconds(user: Pick<User, 'expires_at'>): number | undefined {
  if (!/^\d{1,12}$/.test(user.expires_at)) return undefined;
  return Number(user.expires_at);
}

export function subscriptionStatus(user: SubscriptionFields | undefined, now: Date): SubscriptionStatus {
  if (!user) return 'none';
  if (!isSubscriber(user)) return user.expired ? 'expired' : 'none';
  const expiresAt = expiresAtSeconds(user);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  // An unknown end of period fails closed: premium access needs a paid period the provider confirmed.
  if (user.expired || expiresAt === undefined || expiresAt <= nowSeconds) return 'expired';
  if (!user.renewing && expiresAt - nowSeconds <= EXPIRY_WARNING_WINDOW_SECONDS) return 'expiring';
  return 'active';
}

/**
 * The one premium rule (export, outline, more than 5 associations): an active subscription whose paid period
 * has not ended. An expiring subscription still counts until its last second.
 */
export function hasPremiumAccess(user: SubscriptionFields | undefined, now: Date): boolean {
  const status = subscriptionStatus(user, now);
  return status === 'active' || status === 'expiring';
}
