import type { User } from './schemas/user';

/** Spec §6: a subscriber is an account with a non-empty subscription_id. */
export function isSubscriber(user: Pick<User, 'subscription_id'> | undefined): boolean {
  return !!user && user.subscription_id.trim() !== '';
}
