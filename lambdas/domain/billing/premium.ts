import { hasPremiumAccess } from '../../../shared/subscription';
import { SubscriptionRequiredError } from '../../errors';
import type { BillingPorts, UserBilling } from './billing-state';
import { currentBillingState } from './subscription';

export const PREMIUM_REQUIRED_MESSAGE = 'This feature is only available to subscribers.';

/**
 * The one server-side premium check (export, outline, the 6th association): an active subscription whose paid
 * period has not ended (`hasPremiumAccess`, spec §4 and §6). Refused with 401, as the spec's pages expect,
 * with the feature's own message.
 */
export function requirePremium(
  user: UserBilling | undefined,
  now: Date,
  message: string = PREMIUM_REQUIRED_MESSAGE,
): void {
  if (!hasPremiumAccess(user, now)) throw new SubscriptionRequiredError(message);
}

/** `requirePremium` on the user's state as it is now, renewals the provider made since included. */
export async function ensurePremium(
  ports: BillingPorts,
  userId: string,
  message: string = PREMIUM_REQUIRED_MESSAGE,
): Promise<void> {
  requirePremium(await currentBillingState(ports, userId), ports.now(), message);
}
