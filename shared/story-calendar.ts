import type { CalendarRequest, CalendarRules, StoryDate } from './schemas/story-time';

/**
 * Issue 25 §1: counting in a story's calendar. Every date becomes a count of minutes from the calendar's day 0
 * by integer arithmetic of its own (the Gregorian calendar by the proleptic days-from-civil formula), so a year
 * of -3000 or of 2,000,000 counts as exactly as 2026 and nothing goes through JavaScript's `Date`.
 */

const GREGORIAN_MONTHS: readonly (readonly [string, number])[] = [
  ['January', 31],
  ['February', 28],
  ['March', 31],
  ['April', 30],
  ['May', 31],
  ['June', 30],
  ['July', 31],
  ['August', 31],
  ['September', 30],
  ['October', 31],
  ['November', 30],
  ['December', 31],
];

export const GREGORIAN_CALENDAR: CalendarRules = {
  kind: 'gregorian',
  months: GREGORIAN_MONTHS.map(([name, days]) => ({ name, days })),
  week_days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  hours_per_day: 24,
  epoch_name: null,
  year_zero: false,
};

/** A calendar of the author's own, its left-out parts filled: a week of no named days, 24 hours, no year 0. */
export function customCalendar(request: CalendarRequest): CalendarRules {
  return {
    kind: 'custom',
    months: request.months,
    week_days: request.week_days ?? [],
    hours_per_day: request.hours_per_day ?? 24,
    epoch_name: request.epoch_name || null,
    year_zero: request.year_zero ?? false,
  };
}

const MINUTES_PER_HOUR = 60;

/** Years counted with a year 0: without one, year -1 comes right before year 1. */
function countedYear(calendar: CalendarRules, year: number): number {
  return calendar.year_zero || year > 0 ? year : year + 1;
}

function yearFromCounted(calendar: CalendarRules, counted: number): number {
  return calendar.year_zero || counted > 0 ? counted : counted - 1;
}

const isGregorianLeapYear = (counted: number) =>
  counted % 4 === 0 && (counted % 100 !== 0 || counted % 400 === 0);

export function daysInMonth(calendar: CalendarRules, year: number, month: number): number {
  const days = calendar.months[month - 1]?.days ?? 0;
  const leapDay =
    calendar.kind === 'gregorian' && month === 2 && isGregorianLeapYear(countedYear(calendar, year));
  return leapDay ? days + 1 : days;
}

/** Why the calendar has no such date, or undefined when it has. */
export function storyDateProblem(calendar: CalendarRules, date: StoryDate): string | undefined {
  if (!calendar.year_zero && date.year === 0) return 'This calendar has no year 0.';
  const month = calendar.months[date.month - 1];
  if (!month) return `This calendar has ${calendar.months.length} months.`;
  const days = daysInMonth(calendar, date.year, date.month);
  if (date.day > days) return `${month.name} ${formatYear(calendar, date.year)} has ${days} days.`;
  if (date.hour !== undefined && date.hour >= calendar.hours_per_day) {
    return `A day has ${calendar.hours_per_day} hours in this calendar (0 to ${calendar.hours_per_day - 1}).`;
  }
  return undefined;
}

const daysPerYear = (calendar: CalendarRules) => calendar.months.reduce((sum, month) => sum + month.days, 0);

/** Howard Hinnant's days_from_civil: days from 1 January of year 1970 in the proleptic Gregorian calendar. */
function gregorianDayNumber(counted: number, month: number, day: number): number {
  const year = month <= 2 ? counted - 1 : counted;
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** Its inverse (civil_from_days). */
function gregorianDateOf(dayNumber: number): { counted: number; month: number; day: number } {
  const shifted = dayNumber + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return { counted: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The date's day counted from the calendar's day 0 (any fixed day: only differences and order mean anything). */
export function dayNumber(calendar: CalendarRules, date: StoryDate): number {
  const counted = countedYear(calendar, date.year);
  if (calendar.kind === 'gregorian') return gregorianDayNumber(counted, date.month, date.day);
  const daysBeforeMonth = calendar.months
    .slice(0, date.month - 1)
    .reduce((sum, month) => sum + month.days, 0);
  return counted * daysPerYear(calendar) + daysBeforeMonth + date.day - 1;
}

/** The minutes a date covers, from `first` up to (not including) `end`: a day, an hour or a minute. */
export interface StoryTimeSpan {
  first: number;
  end: number;
}

export function storyDateSpan(calendar: CalendarRules, date: StoryDate): StoryTimeSpan {
  const minutesPerDay = calendar.hours_per_day * MINUTES_PER_HOUR;
  const dayStart = dayNumber(calendar, date) * minutesPerDay;
  if (date.hour === undefined) return { first: dayStart, end: dayStart + minutesPerDay };
  const hourStart = dayStart + date.hour * MINUTES_PER_HOUR;
  if (date.minute === undefined) return { first: hourStart, end: hourStart + MINUTES_PER_HOUR };
  return { first: hourStart + date.minute, end: hourStart + date.minute + 1 };
}

/** The date holding a minute, to the minute (`withTime` false: to the day). */
export function storyDateAt(calendar: CalendarRules, minute: number, withTime = true): StoryDate {
  const minutesPerDay = calendar.hours_per_day * MINUTES_PER_HOUR;
  const day = Math.floor(minute / minutesPerDay);
  const minuteOfDay = minute - day * minutesPerDay;
  const time = withTime
    ? { hour: Math.floor(minuteOfDay / MINUTES_PER_HOUR), minute: minuteOfDay % MINUTES_PER_HOUR }
    : {};
  if (calendar.kind === 'gregorian') {
    const { counted, month, day: dayOfMonth } = gregorianDateOf(day);
    return { year: yearFromCounted(calendar, counted), month, day: dayOfMonth, ...time };
  }
  const yearLength = daysPerYear(calendar);
  const counted = Math.floor(day / yearLength);
  let dayOfYear = day - counted * yearLength;
  let month = 1;
  while (dayOfYear >= calendar.months[month - 1]!.days) {
    dayOfYear -= calendar.months[month - 1]!.days;
    month += 1;
  }
  return { year: yearFromCounted(calendar, counted), month, day: dayOfYear + 1, ...time };
}

export function formatYear(calendar: CalendarRules, year: number): string {
  if (calendar.kind === 'gregorian') return year < 0 ? `${-year} BC` : String(year);
  return calendar.epoch_name ? `${year} ${calendar.epoch_name}` : String(year);
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** '3 March 1018', '14 Afteryule 1418 S.R., 06:30', '15 March 44 BC'. */
export function formatStoryDate(calendar: CalendarRules, date: StoryDate): string {
  const month = calendar.months[date.month - 1]?.name ?? `month ${date.month}`;
  const day = `${date.day} ${month} ${formatYear(calendar, date.year)}`;
  if (date.hour === undefined) return day;
  return `${day}, ${twoDigits(date.hour)}:${twoDigits(date.minute ?? 0)}`;
}

/** The week day's name, when the calendar names them (the Gregorian week starts on Monday 1 January 1 AD). */
export function weekDayName(calendar: CalendarRules, date: StoryDate): string | undefined {
  const days = calendar.week_days.length;
  if (days === 0) return undefined;
  const first = calendar.kind === 'gregorian' ? gregorianDayNumber(1, 1, 1) : 0;
  const index = (((dayNumber(calendar, date) - first) % days) + days) % days;
  return calendar.week_days[index];
}

function monthNumber(calendar: CalendarRules, name: string): number | undefined {
  const wanted = name.trim().toLocaleLowerCase();
  const index = calendar.months.findIndex((month) => month.name.toLocaleLowerCase() === wanted);
  return index < 0 ? undefined : index + 1;
}

/**
 * A date as an author writes one in a fact ('Born'): '3001-03-02', '2 March 3001', 'March 2, 3001', with 'BC'
 * or the calendar's epoch name after the year allowed. Undefined when it is no date of the calendar.
 */
export function parseStoryDate(calendar: CalendarRules, text: string): StoryDate | undefined {
  let written = text.trim().replace(/\s+/g, ' ');
  let sign = 1;
  if (/ BC$/i.test(written) && calendar.kind === 'gregorian') {
    sign = -1;
    written = written.slice(0, -3);
  } else if (
    calendar.epoch_name &&
    written.toLocaleLowerCase().endsWith(` ${calendar.epoch_name.toLocaleLowerCase()}`)
  ) {
    written = written.slice(0, -calendar.epoch_name.length - 1);
  }
  const numeric = /^(-?\d{1,8})-(\d{1,3})-(\d{1,4})$/.exec(written);
  const dayFirst = /^(\d{1,4}) (.+?) (-?\d{1,8})$/.exec(written);
  const monthFirst = /^(.+?) (\d{1,4}),? (-?\d{1,8})$/.exec(written);
  let parts: [number, number | undefined, number] | undefined;
  if (numeric) parts = [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])];
  else if (dayFirst) parts = [Number(dayFirst[3]), monthNumber(calendar, dayFirst[2]!), Number(dayFirst[1])];
  else if (monthFirst)
    parts = [Number(monthFirst[3]), monthNumber(calendar, monthFirst[1]!), Number(monthFirst[2])];
  if (!parts || parts[1] === undefined) return undefined;
  const date = { year: sign * parts[0], month: parts[1], day: parts[2] };
  if (date.month < 1 || date.day < 1 || (sign < 0 && parts[0] <= 0)) return undefined;
  return storyDateProblem(calendar, date) === undefined ? date : undefined;
}

/** Whole years from one date to a later one: an age ('born 2 March 3001' is 17 on 1 March 3019, 18 a day on). */
export function fullYearsBetween(calendar: CalendarRules, from: StoryDate, to: StoryDate): number {
  const years = countedYear(calendar, to.year) - countedYear(calendar, from.year);
  const beforeAnniversary = to.month < from.month || (to.month === from.month && to.day < from.day);
  return beforeAnniversary ? years - 1 : years;
}

/** An age from a 'Born' fact's value on a date; undefined when the value is no date or is after it. */
export function ageOn(calendar: CalendarRules, born: string, on: StoryDate): number | undefined {
  const birth = parseStoryDate(calendar, born);
  if (!birth) return undefined;
  const age = fullYearsBetween(calendar, birth, on);
  return age < 0 ? undefined : age;
}
