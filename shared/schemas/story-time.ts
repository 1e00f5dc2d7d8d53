import * as z from 'zod';
import {
  CALENDAR_MONTH_NAMES_REPEATED_MESSAGE,
  CALENDAR_NAME_MAX_LENGTH,
  CALENDAR_NAME_REQUIRED_MESSAGE,
  CALENDAR_NAME_TOO_LONG_MESSAGE,
  MAX_CALENDAR_MONTHS,
  MAX_DAYS_PER_MONTH,
  MAX_HOURS_PER_DAY,
  MAX_STORY_YEAR,
  MAX_WEEK_DAYS,
} from '../validation';
import { AssociationTypeSchema } from './associations';
import { IdSchema, singleLineText } from './common';

/**
 * Issue 25 §1: story time. A story (or its series) keeps a calendar, the Gregorian one unless the author sets
 * their own; chapters are dated in it. Dates are counted by the calendar's own rules (`shared/story-calendar.ts`),
 * never by JavaScript's `Date`, so years may be negative or far beyond its range.
 */

const CalendarNameSchema = singleLineText()
  .trim()
  .min(1, CALENDAR_NAME_REQUIRED_MESSAGE)
  .max(CALENDAR_NAME_MAX_LENGTH, CALENDAR_NAME_TOO_LONG_MESSAGE);

export const CalendarMonthSchema = z.object({
  name: CalendarNameSchema,
  days: z
    .number()
    .int('A month has a whole number of days.')
    .min(1, 'A month has at least one day.')
    .max(MAX_DAYS_PER_MONTH, `A month may have at most ${MAX_DAYS_PER_MONTH} days.`),
});
export type CalendarMonth = z.infer<typeof CalendarMonthSchema>;

/** PUT /api/stories/{storyId}/calendar: a calendar of the author's own. */
export const CalendarRequestSchema = z.object({
  months: z
    .array(CalendarMonthSchema)
    .min(1, 'A calendar needs at least one month.')
    .max(MAX_CALENDAR_MONTHS, `A calendar may have at most ${MAX_CALENDAR_MONTHS} months.`)
    .refine(
      (months) => new Set(months.map((month) => month.name.toLocaleLowerCase())).size === months.length,
      CALENDAR_MONTH_NAMES_REPEATED_MESSAGE,
    ),
  week_days: z
    .array(CalendarNameSchema)
    .max(MAX_WEEK_DAYS, `A week may have at most ${MAX_WEEK_DAYS} days.`)
    .optional(),
  hours_per_day: z
    .number()
    .int('A day has a whole number of hours.')
    .min(1, 'A day has at least one hour.')
    .max(MAX_HOURS_PER_DAY, `A day may have at most ${MAX_HOURS_PER_DAY} hours.`)
    .optional(),
  epoch_name: singleLineText()
    .trim()
    .max(CALENDAR_NAME_MAX_LENGTH, CALENDAR_NAME_TOO_LONG_MESSAGE)
    .optional(),
  year_zero: z.boolean().optional(),
});
export type CalendarRequest = z.infer<typeof CalendarRequestSchema>;

/** A calendar's rules, the Gregorian one's included. */
export const CalendarRulesSchema = z.object({
  kind: z.enum(['gregorian', 'custom']),
  months: z.array(CalendarMonthSchema),
  week_days: z.array(z.string()),
  hours_per_day: z.number().int(),
  /** Written after a year ('1418 S.R.'); null for none (the Gregorian calendar writes 'BC' before year 1). */
  epoch_name: z.string().nullable(),
  /** Whether the year before year 1 is year 0 (astronomers' counting) or year -1 (historians'). */
  year_zero: z.boolean(),
});
export type CalendarRules = z.infer<typeof CalendarRulesSchema>;

/** The calendar a story is dated in, and the series that keeps it for all its volumes (null: the story does). */
export const StoryCalendarSchema = CalendarRulesSchema.extend({ series_id: IdSchema.nullable() });
export type StoryCalendar = z.infer<typeof StoryCalendarSchema>;

const wholeNumber = (what: string) => z.number().int(`A date's ${what} is a whole number.`);

/** A date in a story's calendar; whether the month, day and hour exist is the calendar's to say. */
export const StoryDateSchema = z
  .object({
    year: wholeNumber('year')
      .min(-MAX_STORY_YEAR, `A year may be at most ${MAX_STORY_YEAR} either side of year 0.`)
      .max(MAX_STORY_YEAR, `A year may be at most ${MAX_STORY_YEAR} either side of year 0.`),
    month: wholeNumber('month').min(1, 'Months are counted from 1.'),
    day: wholeNumber('day').min(1, 'Days are counted from 1.'),
    hour: wholeNumber('hour').min(0, 'Hours are counted from 0.').optional(),
    minute: wholeNumber('minute')
      .min(0, 'Minutes go from 0 to 59.')
      .max(59, 'Minutes go from 0 to 59.')
      .optional(),
  })
  .refine((date) => date.minute === undefined || date.hour !== undefined, {
    message: 'A date with minutes needs its hour.',
    path: ['hour'],
  });
export type StoryDate = z.infer<typeof StoryDateSchema>;

/**
 * PUT /api/stories/{storyId}/chapters/{chapterId}/time: when the chapter happens, or null to clear it (it then
 * follows the chapter before it). `flashback` marks a chapter set earlier than the one before on purpose.
 */
export const ChapterTimeRequestSchema = z
  .object({
    start: StoryDateSchema,
    end: StoryDateSchema.nullable().optional(),
    flashback: z.boolean().optional(),
  })
  .nullable();
export type ChapterTimeRequest = z.infer<typeof ChapterTimeRequestSchema>;

/** What a chapter's time is set to (the answer of the PUT): nulls when cleared. */
export const ChapterTimeSchema = z.object({
  chapter_id: IdSchema,
  start: StoryDateSchema.nullable(),
  end: StoryDateSchema.nullable(),
  flashback: z.boolean(),
});
export type ChapterTime = z.infer<typeof ChapterTimeSchema>;

/** One chapter on the timeline, with the time it happens at (its own, or the one it follows). */
export const TimelineChapterSchema = z.object({
  chapter_id: IdSchema,
  story_id: IdSchema,
  title: z.string(),
  /** The chapter's place in its story. */
  place: z.number().int(),
  /** The story's place in its series (1 for a story alone). */
  volume: z.number().int(),
  /** 1-based, across the series' volumes: where the reader meets the chapter. */
  reading_order: z.number().int(),
  /** Null while no chapter up to this one is dated. */
  start: StoryDateSchema.nullable(),
  end: StoryDateSchema.nullable(),
  /** Whether the chapter is dated itself, rather than following the chapter before it. */
  time_set: z.boolean(),
  flashback: z.boolean(),
});
export type TimelineChapter = z.infer<typeof TimelineChapterSchema>;

export const TimelineLaneSchema = z.object({
  association_id: IdSchema,
  name: z.string(),
  type: AssociationTypeSchema,
  appearances: z.array(z.object({ chapter_id: IdSchema, count: z.number().int() })),
});
export type TimelineLane = z.infer<typeof TimelineLaneSchema>;

/** GET /api/stories/{storyId}/timeline and /api/series/{seriesId}/timeline. */
export const TimelineSchema = z.object({
  calendar: StoryCalendarSchema,
  /** In story-time order; chapters not yet dated first, in reading order. */
  chapters: z.array(TimelineChapterSchema),
  lanes: z.array(TimelineLaneSchema),
});
export type Timeline = z.infer<typeof TimelineSchema>;
