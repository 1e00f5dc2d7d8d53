import type { StoryDate } from '../../../../shared/schemas/story-time';

/** A date as the chapter dialog's fields hold it: typed text, the month as its 1-based number. */
export interface DateFields {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

export const blankDateFields = (): DateFields => ({ year: '', month: '1', day: '1', hour: '', minute: '' });

export function dateFieldsOf(date: StoryDate): DateFields {
  return {
    year: String(date.year),
    month: String(date.month),
    day: String(date.day),
    hour: date.hour === undefined ? '' : String(date.hour),
    minute: date.minute === undefined ? '' : String(date.minute),
  };
}

const WHOLE_NUMBER = /^-?\d+$/;
const COUNT = /^\d+$/;

/**
 * The date the fields say, or why they say none. Only the writing is checked here: whether the calendar has the
 * day is the server's to say, with the calendar's own words (shown beside the form).
 */
export function readDateFields(fields: DateFields, what: 'start' | 'end'): StoryDate | { problem: string } {
  const year = fields.year.trim();
  const day = fields.day.trim();
  const hour = fields.hour.trim();
  const minute = fields.minute.trim();
  if (!WHOLE_NUMBER.test(year))
    return { problem: `The ${what}'s year is a whole number (negative before year 1).` };
  if (!COUNT.test(day)) return { problem: `The ${what}'s day is a whole number.` };
  if (minute !== '' && hour === '') return { problem: `The ${what} has minutes but no hour.` };
  if (hour !== '' && !COUNT.test(hour)) return { problem: `The ${what}'s hour is a whole number.` };
  if (minute !== '' && !COUNT.test(minute)) return { problem: `The ${what}'s minute is a whole number.` };
  return {
    year: Number(year),
    month: Number(fields.month),
    day: Number(day),
    ...(hour === '' ? {} : { hour: Number(hour) }),
    ...(minute === '' ? {} : { minute: Number(minute) }),
  };
}
