import { ApiError } from '../../lib/api-client';
import type { AlertOptions } from '../../components/alerts/alert-types';
import { imageRejectedAlert } from '../../components/image-dropzone/image-dropzone';

/** Spec §8 toasts of the story form, word for word. */
export const STORY_CREATED_ALERT: AlertOptions = {
  title: 'Story creation success',
  message: '',
  severity: 'success',
};
export const STORY_EDITED_ALERT: AlertOptions = {
  title: 'Story edit success',
  message: '',
  severity: 'success',
};

const TRY_AGAIN_MESSAGE = 'Please try again later or contact support.';

/**
 * What a failed save tells the author. The server judges an image by its bytes, so a file the browser
 * accepted by its name can still be refused (413, 415): that gets the image warning with the server's
 * reason; anything else the spec's failure toast.
 */
export function storySaveFailedAlert(error: unknown, mode: 'create' | 'update'): AlertOptions {
  if (error instanceof ApiError && (error.status === 413 || error.status === 415)) {
    return imageRejectedAlert(error.message);
  }
  return {
    title: mode === 'create' ? 'Error creating or editing story' : 'Error editing story',
    message: TRY_AGAIN_MESSAGE,
    severity: 'error',
  };
}
