/** How the app names a count of words and a time a text was last changed. */

export const wordsLabel = (words: number) => `${words.toLocaleString()} ${words === 1 ? 'word' : 'words'}`;

const relativeTime = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const calendarDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * 'Edited just now', 'Edited 5 minutes ago', 'Edited yesterday', up to a week back; the date past that, when a
 * relative time stops being quicker to read than the date.
 */
export function lastEditedLabel(isoTime: string, now: Date = new Date()): string {
  const time = new Date(isoTime);
  const elapsed = Math.max(0, now.getTime() - time.getTime());
  if (elapsed < MINUTE_MS) return 'Edited just now';
  if (elapsed < HOUR_MS) return `Edited ${relativeTime.format(-Math.floor(elapsed / MINUTE_MS), 'minute')}`;
  if (elapsed < DAY_MS) return `Edited ${relativeTime.format(-Math.floor(elapsed / HOUR_MS), 'hour')}`;
  if (elapsed < 7 * DAY_MS) return `Edited ${relativeTime.format(-Math.floor(elapsed / DAY_MS), 'day')}`;
  return `Edited ${calendarDate.format(time)}`;
}
