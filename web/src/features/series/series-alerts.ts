import type { AlertOptions } from '../../components/alerts/alert-types';

/** Spec §8 toasts of the series editor, word for word. */
export const SERIES_SAVED_ALERT: AlertOptions = {
  title: 'Edit Action Complete',
  message: 'Your changes were saved.',
  severity: 'success',
};

export const SERIES_SAVE_FAILED_ALERT: AlertOptions = {
  title: 'Cannot edit series',
  message: 'Unable to edit your series at this time. Please try again later or contact support.',
  severity: 'error',
};
