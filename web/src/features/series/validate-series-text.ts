import { SeriesDescriptionSchema, SeriesTitleSchema } from '../../../../shared/schemas/series';
import {
  INVALID_TITLE_ALERT_TITLE,
  SERIES_DESCRIPTION_BLANK_MESSAGE,
  SERIES_TITLE_BLANK_MESSAGE,
} from '../../../../shared/validation';
import type { AlertOptions } from '../../components/alerts/alert-types';

export type SeriesTextValidation =
  | { valid: true; title: string; description: string }
  | { valid: false; field: 'title' | 'description'; message: string; alert: AlertOptions };

/**
 * Spec §5 series edit, with the rules the server runs: 'Title cannot be blank', 'Description cannot be blank';
 * every other title rule is the 'Invalid Title' toast, as on the story form.
 */
export function validateSeriesText(title: string, description: string): SeriesTextValidation {
  const titleResult = SeriesTitleSchema.safeParse(title);
  if (!titleResult.success) {
    const message = titleResult.error.issues[0]?.message ?? SERIES_TITLE_BLANK_MESSAGE;
    const alert: AlertOptions =
      message === SERIES_TITLE_BLANK_MESSAGE
        ? { title: message, message: '', severity: 'error' }
        : { title: INVALID_TITLE_ALERT_TITLE, message, severity: 'error' };
    return { valid: false, field: 'title', message, alert };
  }
  const descriptionResult = SeriesDescriptionSchema.safeParse(description);
  if (!descriptionResult.success) {
    const message = descriptionResult.error.issues[0]?.message ?? SERIES_DESCRIPTION_BLANK_MESSAGE;
    return {
      valid: false,
      field: 'description',
      message,
      alert: { title: message, message: '', severity: 'error' },
    };
  }
  return { valid: true, title: titleResult.data, description: descriptionResult.data };
}
