import type { AlertOptions } from '../components/alerts/alert-types';
import { LARGE_PASTE_WARNING } from '../../../shared/text-normalisation';

/** Spec §4/§9: the 'Chapter ready' toast shows for 10 s. */
const CHAPTER_READY_TIMEOUT_MS = 10_000;
/** Spec §5/§9: the large-paste warning shows for 10000 ms. */
const LARGE_PASTE_TIMEOUT_MS = 10_000;

/** Spec §8 'Content load 501': stays until dismissed. */
export const CHAPTER_BEING_CREATED_ALERT: AlertOptions = {
  title: 'Chapter Being Created',
  message:
    'Your new chapter is being created, which can take a few minutes. You can start typing now, but nothing is ' +
    'saved until it is done. You will be notified when it is ready.',
  severity: 'info',
  timeout: null,
};

/** Asking again for a chapter whose creation failed did not reach the server. */
export const CHAPTER_RETRY_FAILED_ALERT: AlertOptions = {
  title: 'Problem',
  message: 'Your chapter could not be asked for again. Please try again in a moment.',
  severity: 'error',
};

/** Spec §4: after the first full save once the chapter exists. */
export const CHAPTER_READY_ALERT: AlertOptions = {
  title: 'Chapter ready',
  message: 'Your chapter assets are complete and your content was saved',
  severity: 'success',
  timeout: CHAPTER_READY_TIMEOUT_MS,
};

/**
 * The chapter changed in another window or device (a write was refused with 409 `chapter_changed`, or the
 * load found paragraphs changed on both sides). Worded like the spec's alerts; stays until dismissed.
 */
export const CHAPTER_CHANGED_ALERT: AlertOptions = {
  title: 'Chapter changed elsewhere',
  message:
    'This chapter was changed in another window or on another device, so it has been reloaded with those ' +
    'changes. Nothing you typed here was lost: changes to different words of a paragraph are merged; where both ' +
    'changed the same words, your version follows the other one, marked [Conflicted copy], to keep either.',
  severity: 'warning',
  timeout: null,
};

/** Spec §8 'Sync failure': stays until dismissed. */
export const UNABLE_TO_SYNC_ALERT: AlertOptions = {
  title: 'Unable to sync',
  message:
    'Your latest changes could not be saved to the server. Loreweaver keeps retrying for as long as this ' +
    'window stays open, and keeps them in this browser meanwhile.\n' +
    'Until the toolbar says Saved, keep a local copy of anything you cannot afford to lose.',
  severity: 'error',
  timeout: null,
};

export const LARGE_PASTE_ALERT: AlertOptions = {
  title: 'Large paste',
  message: LARGE_PASTE_WARNING,
  severity: 'warning',
  timeout: LARGE_PASTE_TIMEOUT_MS,
};
