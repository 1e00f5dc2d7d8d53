import type { AlertOptions } from '../../components/alerts/alert-types';

/** Said when autosave still holds changes, which the reloaded chapter would otherwise lay over the version. */
export const UNSAVED_CHANGES_MESSAGE = 'Your latest changes are not saved yet. Try again once they are.';

export const VERSION_NOT_SAVED_ALERT: AlertOptions = {
  title: 'Version not saved',
  message: 'There was an error saving this version. Please try again.',
  severity: 'error',
};

export const VERSION_NOT_RESTORED_ALERT: AlertOptions = {
  title: 'Version not restored',
  message: 'There was an error restoring this version. Please try again.',
  severity: 'error',
};

/** 'Automatic' for a version the server took, else the author's name for it. */
export const versionLabel = (version: { name: string | null }) => version.name ?? 'Automatic';

export const versionDate = (createdAt: string) =>
  new Date(createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
