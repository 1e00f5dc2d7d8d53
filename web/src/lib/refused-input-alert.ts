import type { AlertOptions } from '../components/alerts/alert-types';
import { ApiError } from './api-client';

/** The alert title when the server refuses what the author typed (the spec's, for titles: §5). */
export const REFUSED_INPUT_ALERT_TITLE = 'Invalid Title';

/**
 * What a failed save tells the author when the server refused the input itself (400 `validation_failed`, e.g.
 * a title over its limit): the server's message, which names the rule ('A chapter title may be at most 256
 * characters.'), as a warning. Any other failure keeps the spec's alert for that save, whose 'Please report
 * this' is meant for faults, not for input the author can fix.
 */
export function alertForRefusedInput(
  fallback: AlertOptions | ((error: Error) => AlertOptions),
  title: string = REFUSED_INPUT_ALERT_TITLE,
): (error: Error) => AlertOptions {
  return (error) => {
    if (error instanceof ApiError && error.status === 400 && error.code === 'validation_failed') {
      return { title, message: error.message, severity: 'warning' };
    }
    return typeof fallback === 'function' ? fallback(error) : fallback;
  };
}
