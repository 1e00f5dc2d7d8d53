import { useEffect, useRef } from 'react';
import { expiresAtSeconds, subscriptionStatus } from '../../../../../shared/subscription';
import type { AlertOptions } from '../../../components/alerts/alert-types';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useUser, type User } from '../../../lib/user/user-context';

/** Spec §4: the subscription has ended; offers to subscribe again. Stays until dismissed. */
export const SUBSCRIPTION_EXPIRED_ALERT: AlertOptions = {
  title: 'Subscription Expired',
  message:
    'Your subscription has ended. Subscribe again to export, outline and keep more than 5 associations.',
  severity: 'warning',
  timeout: null,
  callback: { type: 'subscribe', text: 'Subscribe' },
};

/** Spec §4: not renewing and ending within 24 hours (spec §9), with the local expiry time; leads to /settings. */
export function subscriptionExpiringAlert(user: User): AlertOptions {
  const expiresAt = new Date((expiresAtSeconds(user) ?? 0) * 1000);
  return {
    title: 'Subscription Expiring',
    message: `Your subscription ends on ${expiresAt.toLocaleString()}. Turn auto-renewal back on to keep your premium features.`,
    severity: 'warning',
    timeout: null,
    callback: { type: 'renew', text: 'Renew' },
  };
}

/**
 * Shows the 'Subscription Expired' or 'Subscription Expiring' alert when the signed-in author's subscription is
 * in that state, once per state in this page's life (dismissed, it does not come back on every navigation).
 */
export function SubscriptionAlerts() {
  const { user } = useUser();
  const { showAlert } = useAlerts();
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!user) return;
    const status = subscriptionStatus(user, new Date());
    if (status !== 'expired' && status !== 'expiring') return;
    const key = `${status}:${user.subscription_id}:${user.expires_at}`;
    if (shown.current === key) return;
    shown.current = key;
    showAlert(status === 'expired' ? SUBSCRIPTION_EXPIRED_ALERT : subscriptionExpiringAlert(user));
  }, [user, showAlert]);

  return null;
}
