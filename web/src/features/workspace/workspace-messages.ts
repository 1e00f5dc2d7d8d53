import type { AlertOptions } from '../../components/alerts/alert-types';

/**
 * The workspace's alerts. Texts quoted from the spec (§5, §8) are exact; the ones the spec leaves open are
 * marked as ours.
 */
export const workspaceAlerts = {
  /** Ours: replace across the story (issue 14 §3) was refused or failed; nothing or part of it was changed. */
  storyReplaceFailed: {
    title: 'Error',
    message: 'There was an error replacing text in your story. Please try again.',
    severity: 'error',
  },
  storyTitleFailed: {
    title: 'Error',
    message: 'There was an error updating your story title. Please report this.',
    severity: 'error',
  },
  seriesTitleFailed: {
    title: 'Error',
    message: 'There was an error updating your series title. Please report this.',
    severity: 'error',
  },
  chapterFailed: {
    title: 'Error',
    message: 'There was an error updating your chapter. Please report this.',
    severity: 'error',
  },
  chapterCreationFailed: {
    title: 'Problem',
    message: 'An error occurred creating your chapter.',
    severity: 'error',
  },
  chapterOrderFailed: {
    title: 'Error',
    message: 'There was an error updating your chapters. Please report this.',
    severity: 'error',
  },
  // Ours: the spec names no message for a failed chapter deletion.
  chapterDeletionFailed: {
    title: 'Error',
    message: 'There was an error deleting your chapter. Please report this.',
    severity: 'error',
  },
  bookSettingsSaveFailed: {
    title: 'Error',
    message: 'The book settings could not be saved. Your choices are still in the dialog; try again.',
    severity: 'error',
  },
  outlineSaveFailed: {
    title: 'Error',
    message: 'There was an error updating your outline. Please report this.',
    severity: 'error',
  },
  outlineCreationFailed: {
    title: 'Error',
    message: 'Unable to create your outline at this time. Please try again later.',
    severity: 'error',
  },
  // The spec's text for a settings toggle that cannot be saved, used for the document settings as well.
  settingsFailed: {
    title: 'Cannot edit your settings',
    message: 'Cannot edit your settings at this time. Please try again later, or contact support.',
    severity: 'error',
  },
} as const satisfies Record<string, AlertOptions>;

/** Spec §5 confirmation before a chapter is deleted. */
export function deleteChapterQuestion(chapterTitle: string, storyTitle: string): string {
  return `Delete ${chapterTitle} from ${storyTitle}?`;
}

/** Spec §8's export alerts, word for word (but for touch screens); the success and 401 alerts stay until dismissed. */
export const exportAlerts = {
  failed: (host: string): AlertOptions => ({
    title: 'Error',
    message: `Unable to export your document at this time. Please try again later, or contact support at an address on ${host}.`,
    severity: 'error',
  }),
  insufficientSubscription: {
    title: 'Insufficient subscription',
    message: 'Free accounts are unable to export their stories.',
    severity: 'warning',
    callback: { type: 'subscribe', text: 'Subscribe' },
    timeout: null,
  } satisfies AlertOptions,
  /** On a touch screen there is no right-click: the message says to tap. */
  complete: (link: { url: string; text: string }, touch: boolean): AlertOptions => ({
    title: 'Conversion complete',
    message: touch ? 'Tap the link to save your document.' : 'Right-click the link to save your document.',
    severity: 'success',
    link: { ...link, download: true },
    timeout: null,
  }),
};

/** Spec §6: the tooltip of the export button for free accounts. */
export const EXPORT_FOR_SUBSCRIBERS_ONLY = 'Exporting stories is only available to subscribers';

/** Spec §3 Outline section: the tooltip of a chapter that is in no outline section. */
export const NOT_IN_OUTLINE = 'Not assigned to an outline';

/** Spec §5: asked before a template replaces an existing outline. */
export const REPLACE_OUTLINE_WARNING =
  'WARNING: choosing a new template on the following screen will overwrite any existing outline. Are you sure you want to proceed?';

/** Spec §2: the title of the template dialog. */
export const CHOOSE_OUTLINE_TEMPLATE = 'Choose an outline template';
