import { StoryDescriptionSchema, StoryTitleSchema } from '../../../../shared/schemas/story';
import { INVALID_TITLE_ALERT_TITLE, STORY_TITLE_REQUIRED_MESSAGE } from '../../../../shared/validation';
import type { AlertOptions } from '../../components/alerts/alert-types';

export type StoryTextValidation =
  | { valid: true; title: string; description: string }
  | { valid: false; field: 'title' | 'description'; alert: AlertOptions };

/**
 * Spec §5 with the rules the server runs (shared/schemas/story.ts). A missing title and a missing
 * description are toasts of their own; every other title rule is the 'Invalid Title' toast.
 */
export function validateStoryText(title: string, description: string): StoryTextValidation {
  const titleResult = StoryTitleSchema.safeParse(title);
  if (!titleResult.success) {
    const message = titleResult.error.issues[0]?.message ?? STORY_TITLE_REQUIRED_MESSAGE;
    const alert: AlertOptions =
      message === STORY_TITLE_REQUIRED_MESSAGE
        ? { title: STORY_TITLE_REQUIRED_MESSAGE, message: '', severity: 'error' }
        : { title: INVALID_TITLE_ALERT_TITLE, message, severity: 'error' };
    return { valid: false, field: 'title', alert };
  }
  const descriptionResult = StoryDescriptionSchema.safeParse(description);
  if (!descriptionResult.success) {
    const message = descriptionResult.error.issues[0]?.message ?? '';
    return { valid: false, field: 'description', alert: { title: message, message: '', severity: 'error' } };
  }
  return { valid: true, title: titleResult.data, description: descriptionResult.data };
}
