import type { AlertOptions } from '../../components/alerts/alert-types';

/** Texts of the account's own tools, which the spec does not give. */
export function downloadAllFailedAlert(): AlertOptions {
  return {
    title: 'Download failed',
    message: 'Your stories could not be gathered for download. Please try again.',
    severity: 'error',
  };
}
