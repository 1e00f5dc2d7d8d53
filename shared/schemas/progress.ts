import * as z from 'zod';
import { isValidTimeZone } from '../writing-progress';

/**
 * Writing goals and progress (issue 15 §1): the author's daily goal and time zone, a story's target and
 * deadline, and the two progress answers. Dates are calendar dates 'YYYY-MM-DD' in the author's zone.
 */

/** The most words a goal or a target may name: far beyond any novel, so a typo is refused, not stored. */
export const MAX_WORD_GOAL = 10_000_000;
/** The most days `GET /api/user/progress` answers: a year, leap day included. */
export const MAX_PROGRESS_DAYS = 366;
export const DEFAULT_PROGRESS_DAYS = 30;

const wordGoal = (what: string) =>
  z
    .number({ message: `${what} must be a whole number of words.` })
    .int(`${what} must be a whole number of words.`)
    .positive(`${what} must be at least 1 word.`)
    .max(MAX_WORD_GOAL, `${what} must be at most ${MAX_WORD_GOAL.toLocaleString('en-US')} words.`);

export const DailyGoalSchema = wordGoal('A daily goal');
export const TargetWordsSchema = wordGoal('A target');

function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** A calendar date that exists ('2026-02-30' does not). */
export const CalendarDateSchema = z
  .string()
  .refine(isCalendarDate, 'A date must be a calendar date written YYYY-MM-DD.');

/** An IANA time zone the runtime knows ('Europe/Paris', 'UTC'). */
export const TimeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(isValidTimeZone, 'Unknown time zone: use an IANA name such as Europe/Paris.');

/** The author's writing preferences, as `PUT /api/user` takes them beside `renewing`. */
export const WritingPreferencesSchema = z.object({
  /** null: no daily goal (and no streak). */
  daily_goal: DailyGoalSchema.nullable().optional(),
  time_zone: TimeZoneSchema.optional(),
});
export type WritingPreferences = z.infer<typeof WritingPreferencesSchema>;

/** `GET /api/user/progress?days=N`: 1 ≤ N ≤ 366, 30 by default. */
export const UserProgressQuerySchema = z.object({
  days: z
    .string()
    .regex(/^\d{1,3}$/, `days must be a whole number from 1 to ${MAX_PROGRESS_DAYS}.`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, `days must be a whole number from 1 to ${MAX_PROGRESS_DAYS}.`)
        .max(MAX_PROGRESS_DAYS, `days must be a whole number from 1 to ${MAX_PROGRESS_DAYS}.`),
    )
    .default(DEFAULT_PROGRESS_DAYS),
});

export const DayWordsSchema = z.object({ date: z.string(), words: z.number().int().nonnegative() });

export const UserProgressSchema = z.object({
  daily_goal: z.number().int().nullable(),
  streak: z.number().int().nonnegative(),
  /** The author's today, in their zone. */
  today: z.string(),
  /** Oldest first, ending today, every day present (0 when nothing was written). */
  days: z.array(DayWordsSchema),
});
export type UserProgress = z.infer<typeof UserProgressSchema>;

export const StoryProgressSchema = z.object({
  words: z.number().int().nonnegative(),
  target_words: z.number().int().nullable(),
  deadline: z.string().nullable(),
  words_per_day_needed: z.number().int().nullable(),
  chapters: z.array(z.object({ chapter_id: z.string(), title: z.string(), words: z.number().int() })),
});
export type StoryProgress = z.infer<typeof StoryProgressSchema>;
