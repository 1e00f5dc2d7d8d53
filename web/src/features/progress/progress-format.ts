/** How the progress screens write numbers, dates and streaks. */

const numberFormat = new Intl.NumberFormat();

export const formatWords = (words: number) =>
  `${numberFormat.format(words)} ${words === 1 ? 'word' : 'words'}`;

export const formatNumber = (value: number) => numberFormat.format(value);

/** A calendar date 'YYYY-MM-DD' as the author reads dates; the date itself, whatever the browser's zone. */
export function formatDate(
  date: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export const formatStreak = (days: number) => `${numberFormat.format(days)} ${days === 1 ? 'day' : 'days'}`;
