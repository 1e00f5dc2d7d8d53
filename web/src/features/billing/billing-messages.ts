import type { AlertOptions } from '../../components/alerts/alert-types';
import { ApiError } from '../../lib/api-client';

/** Spec §8's billing messages, word for word. */
export const CUSTOMER_REGISTRATION_FAILED =
  'There was an error registering you with our payment service. Please try again later.';
export const PRODUCTS_FAILED = 'We are unable to process subscriptions at this time. Please try again later.';
export const ALREADY_SUBSCRIBED =
  'You appear to already have an active subscription. Please contact support if this is an error.';
export const SUBSCRIBE_FAILED = 'There was an error creating your subscription. Please try again later.';
export const CARD_UPDATE_FAILED = 'There was an error updating your payment method. Please try again later.';
export const PAYMENT_METHOD_UPDATED = 'Your payment method was successfully updated.';

/** What a failed subscribe tells the author: the 409 text, a refused card's own message, or the generic one. */
export function subscribeFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return ALREADY_SUBSCRIBED;
  if (error instanceof ApiError && error.status === 402) return error.message;
  return SUBSCRIBE_FAILED;
}

/** Spec §4: after subscribing. */
export function welcomeAlert(periodEnd: string): AlertOptions {
  const date = new Date(Number(periodEnd) * 1000).toLocaleDateString();
  return {
    title: 'Welcome',
    message: `Your subscription is active until ${date} and will automatically renew.`,
    severity: 'success',
  };
}
