import type { AlertOptions } from '../../components/alerts/alert-types';
import { webEnv } from '../../config/env';

/** Texts of the account's own tools, which the spec does not give. */
export function downloadAllFailedAlert(): AlertOptions {
  return {
    title: 'Download failed',
    message: 'Your stories could not be gathered for download. Please try again.',
    severity: 'error',
  };
}

/** Why a deletion the server refused did not happen; nothing was deleted either way. */
export function accountDeletionFailedMessage(serverMessage: string | undefined): string {
  return serverMessage
    ? `Your account was not deleted: ${serverMessage}`
    : 'Your account was not deleted. Please try again.';
}

/** Spec §8 'Settings toggle failure', with the support mail link. */
export function settingsToggleFailedAlert(): AlertOptions {
  return {
    title: 'Cannot edit your settings',
    message: 'Cannot edit your settings at this time. Please try again later, or contact support.',
    severity: 'error',
    link: { url: `mailto:${webEnv.supportEmail}`, text: webEnv.supportEmail },
  };
}
