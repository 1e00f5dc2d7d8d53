import { FREE_ASSOCIATION_LIMIT_MESSAGE } from '../../../../shared/validation';
import type { AlertOptions } from '../../components/alerts/alert-types';
import { ApiError } from '../../lib/api-client';

/** Spec §6/§8: a 401 from an association save means the free account's 5 per story are used up. */
export const INSUFFICIENT_SUBSCRIPTION_ALERT: AlertOptions = {
  title: 'Insufficient subscription',
  message: FREE_ASSOCIATION_LIMIT_MESSAGE,
  severity: 'warning',
  callback: { type: 'subscribe', text: 'Subscribe' },
};

/** Spec §8 'Other association save errors (document view)'. */
export const ASSOCIATION_SAVE_FAILED_ALERT: AlertOptions = {
  title: 'Error saving association',
  message: 'There was an error saving your association. Please try again later.',
  severity: 'error',
};

/** What a failed create or update of an association tells the author. */
export function associationSaveFailedAlert(error: unknown): AlertOptions {
  return error instanceof ApiError && error.status === 401
    ? INSUFFICIENT_SUBSCRIPTION_ALERT
    : ASSOCIATION_SAVE_FAILED_ALERT;
}

/**
 * Ours: the spec names no confirmation for deleting an association, but its portrait and notes go with it.
 */
export function deleteAssociationQuestion(name: string): string {
  return `Delete association ${name}?`;
}
