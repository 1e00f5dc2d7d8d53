import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarRules, StoryDate } from '../../shared/schemas/story-time';
import {
  ageOn,
  customCalendar,
  dayNumber,
  formatStoryDate,
  fullYearsBetween,
  GREGORIAN_CALENDAR,
  parseStoryDate,
  storyDateAt,
  storyDateProblem,
  storyDateSpan,
  weekDayName,
} from '../../shared/story-calendar';
import { MAX_STORY_YEAR } from '../../shared/validation';

const gregorian = GREGORIAN_CALENDAR;
/** The Shire Reckoning, simplified: twelve months of 30 days, 1 Yule and 2 Lithe between them left out. */
const shire: CalendarRules = customCalendar({
  months: [
    'Afteryule',
    'Solmath',
    'Rethe',
    'Astron',
    'Thrimidge',
    'Forelithe',
    'Afterlithe',
    'Wedmath',
    'Halimath',
    'Winterfilth',
    'Blotmath',
    'Foreyule',
  ].map((name) => ({ name, days: 30 })),
  week_days: ['Sterday', 'Sunday', 'Monday', 'Trewsday', 'Hevensday', 'Mersday', 'Highday'],
  hours_per_day: 24,
  epoch_name: 'S.R.',
});
const withYearZero = customCalendar({
  months: [
    { name: 'Long', days: 400 },
    { name: 'Short', days: 3 },
  ],
  year_zero: true,
  hours_per_day: 10,
});

describe('the Gregorian calendar', () => {
  it('counts days as the proleptic Gregorian calendar does, leap years and BC included', () => {
    expect(dayNumber(gregorian, { year: 1970, month: 1, day: 1 })).toBe(0);
    expect(dayNumber(gregorian, { year: 2000, month: 3, day: 1 })).toBe(11_017);
    expect(
      dayNumber(gregorian, { year: 1, month: 1, day: 1 }) -
        dayNumber(gregorian, { year: -1, month: 12, day: 31 }),
    ).toBe(1);
    expect(storyDateProblem(gregorian, { year: 2000, month: 2, day: 29 })).toBeUndefined();
    expect(storyDateProblem(gregorian, { year: 1900, month: 2, day: 29 })).toBe('February 1900 has 28 days.');
    expect(storyDateProblem(gregorian, { year: -5, month: 2, day: 29 })).toBeUndefined();
    expect(storyDateProblem(gregorian, { year: 0, month: 1, day: 1 })).toBe('This calendar has no year 0.');
    expect(storyDateProblem(gregorian, { year: 2026, month: 13, day: 1 })).toBe(
      'This calendar has 12 months.',
    );
    expect(storyDateProblem(gregorian, { year: 2026, month: 1, day: 1, hour: 24 })).toMatch(/24 hours/);
  });

  it('names week days and writes dates as people do', () => {
    expect(weekDayName(gregorian, { year: 2026, month: 11, day: 29 })).toBe('Sunday');
    expect(weekDayName(gregorian, { year: 1, month: 1, day: 1 })).toBe('Monday');
    expect(formatStoryDate(gregorian, { year: -44, month: 3, day: 15 })).toBe('15 March 44 BC');
    expect(formatStoryDate(gregorian, { year: 1018, month: 3, day: 3, hour: 6, minute: 5 })).toBe(
      '3 March 1018, 06:05',
    );
  });
});

describe('a calendar of the author’s own', () => {
  it('validates, writes and names days by its own months, epoch and week', () => {
    expect(storyDateProblem(shire, { year: 1418, month: 3, day: 31 })).toBe('Rethe 1418 S.R. has 30 days.');
    expect(formatStoryDate(shire, { year: 1418, month: 3, day: 25 })).toBe('25 Rethe 1418 S.R.');
    const day = { year: 1418, month: 1, day: 1 };
    const next = { year: 1418, month: 1, day: 8 };
    expect(weekDayName(shire, day)).toBe(weekDayName(shire, next));
    expect(storyDateProblem(withYearZero, { year: 0, month: 2, day: 3, hour: 9 })).toBeUndefined();
    expect(storyDateProblem(withYearZero, { year: 0, month: 2, day: 3, hour: 10 })).toMatch(/10 hours/);
  });

  it('spans a day, an hour or a minute by how precise the date is', () => {
    const day = storyDateSpan(withYearZero, { year: 0, month: 1, day: 2 });
    expect(day).toEqual({ first: 600, end: 1200 });
    expect(storyDateSpan(withYearZero, { year: 0, month: 1, day: 2, hour: 3 })).toEqual({
      first: 780,
      end: 840,
    });
    expect(storyDateSpan(withYearZero, { year: 0, month: 1, day: 2, hour: 3, minute: 7 })).toEqual({
      first: 787,
      end: 788,
    });
    expect(storyDateSpan(withYearZero, { year: -1, month: 2, day: 3 }).end).toBe(0);
  });
});

/** Any valid date of the calendar, years far beyond JavaScript's Date included. */
const dateIn = (calendar: CalendarRules): fc.Arbitrary<StoryDate> =>
  fc
    .record({
      year: fc.integer({ min: -MAX_STORY_YEAR, max: MAX_STORY_YEAR }),
      month: fc.integer({ min: 1, max: calendar.months.length }),
      dayFraction: fc.double({ min: 0, max: 0.999, noNaN: true }),
      hour: fc.integer({ min: 0, max: calendar.hours_per_day - 1 }),
      minute: fc.integer({ min: 0, max: 59 }),
    })
    .map(({ year, month, dayFraction, hour, minute }) => {
      const counted = year === 0 && !calendar.year_zero ? 1 : year;
      const days = calendar.months[month - 1]!.days;
      return { year: counted, month, day: 1 + Math.floor(dayFraction * days), hour, minute };
    })
    .filter((date) => storyDateProblem(calendar, date) === undefined);

describe.each([
  ['Gregorian', gregorian],
  ['Shire', shire],
  ['with a year 0', withYearZero],
])('every date of the %s calendar', (_name, calendar) => {
  it('comes back from its minute, and later dates count later', () => {
    fc.assert(
      fc.property(dateIn(calendar), dateIn(calendar), (left, right) => {
        expect(storyDateAt(calendar, storyDateSpan(calendar, left).first)).toEqual(left);
        const leftFirst = storyDateSpan(calendar, left).first;
        const rightFirst = storyDateSpan(calendar, right).first;
        const leftKey = [left.year, left.month, left.day, left.hour!, left.minute!];
        const rightKey = [right.year, right.month, right.day, right.hour!, right.minute!];
        const byFields = leftKey.findIndex((value, index) => value !== rightKey[index]);
        const fieldOrder = byFields < 0 ? 0 : Math.sign(leftKey[byFields]! - rightKey[byFields]!);
        expect(Math.sign(leftFirst - rightFirst)).toBe(fieldOrder);
        expect(Number.isSafeInteger(leftFirst)).toBe(true);
      }),
      { numRuns: 300, seed: 25 },
    );
  });
});

describe('dates written in facts, and ages', () => {
  it('reads the ways an author writes a date, and nothing else', () => {
    expect(parseStoryDate(gregorian, '3001-03-02')).toEqual({ year: 3001, month: 3, day: 2 });
    expect(parseStoryDate(gregorian, '2 March 3001')).toEqual({ year: 3001, month: 3, day: 2 });
    expect(parseStoryDate(gregorian, 'march 2, 3001')).toEqual({ year: 3001, month: 3, day: 2 });
    expect(parseStoryDate(gregorian, '15 March 44 BC')).toEqual({ year: -44, month: 3, day: 15 });
    expect(parseStoryDate(shire, '22 Halimath 1368 S.R.')).toEqual({ year: 1368, month: 9, day: 22 });
    expect(parseStoryDate(gregorian, '30 February 2001')).toBeUndefined();
    expect(parseStoryDate(gregorian, 'long ago')).toBeUndefined();
    expect(parseStoryDate(gregorian, '2 Brumaire 3001')).toBeUndefined();
  });

  it('counts whole years to the birthday, across BC and a calendar’s own months', () => {
    expect(
      fullYearsBetween(gregorian, { year: 3001, month: 3, day: 2 }, { year: 3019, month: 3, day: 1 }),
    ).toBe(17);
    expect(
      fullYearsBetween(gregorian, { year: 3001, month: 3, day: 2 }, { year: 3019, month: 3, day: 2 }),
    ).toBe(18);
    expect(fullYearsBetween(gregorian, { year: -10, month: 1, day: 1 }, { year: 10, month: 1, day: 1 })).toBe(
      19,
    );
    expect(ageOn(shire, '22 Halimath 1368', { year: 1418, month: 9, day: 23 })).toBe(50);
    expect(ageOn(shire, '22 Halimath 1419', { year: 1418, month: 9, day: 23 })).toBeUndefined();
    expect(ageOn(shire, 'unknown', { year: 1418, month: 9, day: 23 })).toBeUndefined();
  });
});
