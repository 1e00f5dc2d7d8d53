/**
 * The rules of writing goals (issue 15 §1), free of storage and clocks: the caller passes the instant and
 * the author's time zone. Days are calendar dates 'YYYY-MM-DD' in the author's zone, so "today" is the
 * author's day wherever the server runs.
 */

/** A calendar date, 'YYYY-MM-DD'. */
export type CalendarDate = string;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MILLISECONDS_PER_DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for an IANA time zone name the runtime knows ('Europe/Paris', 'UTC'). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The author's calendar day at `instant` in `timeZone`, daylight saving included. Throws a RangeError for a
 * zone the runtime does not know: validate the author's zone with `isValidTimeZone` when it is saved.
 */
export function dayOf(instant: Date | number, timeZone: string): CalendarDate {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function toUtcMilliseconds(date: CalendarDate): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function fromUtcMilliseconds(milliseconds: number): CalendarDate {
  return new Date(milliseconds).toISOString().slice(0, 10);
}

/** The date `days` days after `date` (before it when negative). Calendar arithmetic: no zone, no DST. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromUtcMilliseconds(toUtcMilliseconds(date) + days * MILLISECONDS_PER_DAY);
}

/** Whole days from `from` to `to`: 1 from a day to the next, negative when `to` is earlier. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((toUtcMilliseconds(to) - toUtcMilliseconds(from)) / MILLISECONDS_PER_DAY);
}

/**
 * A day's words after a save changed a chapter's word count by `change` (words after minus words before).
 * Net words: deleting takes words back off the day, but a day never goes below zero, so rewriting an old
 * chapter shorter never costs the author words written another day.
 */
export function addToDailyWords(dayWords: number, change: number): number {
  return Math.max(0, dayWords + change);
}

export interface DayWords {
  date: CalendarDate;
  words: number;
}

/**
 * The last `count` days ending with `today`, oldest first, each with its words from `recorded` (by date) or
 * 0: the `days` of GET /api/user/progress.
 */
export function recentDays(
  recorded: Readonly<Record<CalendarDate, number>>,
  today: CalendarDate,
  count: number,
): DayWords[] {
  return Array.from({ length: Math.max(0, count) }, (_unused, index) => {
    const date = addDays(today, index - count + 1);
    return { date, words: recorded[date] ?? 0 };
  });
}

/**
 * The current streak: consecutive days that met the daily goal, ending today or yesterday. Today counts when
 * it has met the goal already; when it has not, the streak still stands on yesterday's, since the author has
 * until midnight. No goal (null, or not positive) means no streak.
 */
export function writingStreak(
  recorded: Readonly<Record<CalendarDate, number>>,
  dailyGoal: number | null,
  today: CalendarDate,
): number {
  if (dailyGoal === null || dailyGoal <= 0) return 0;
  const met = (date: CalendarDate) => (recorded[date] ?? 0) >= dailyGoal;
  let day = met(today) ? today : addDays(today, -1);
  let streak = 0;
  while (met(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}

/**
 * The words a day still needed to reach `targetWords` by the end of `deadline`, counting today as a writing
 * day, rounded up. 0 once the target is reached; all the remaining words when the deadline is today or has
 * passed; null without a target or a deadline.
 */
export function wordsPerDayNeeded(
  words: number,
  targetWords: number | null | undefined,
  deadline: CalendarDate | null | undefined,
  today: CalendarDate,
): number | null {
  if (targetWords === null || targetWords === undefined || !deadline) return null;
  const remaining = Math.max(0, targetWords - words);
  const writingDays = Math.max(1, daysBetween(today, deadline) + 1);
  return Math.ceil(remaining / writingDays);
}
