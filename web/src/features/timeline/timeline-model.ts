import type { AssociationType } from '../../../../shared/schemas/associations';
import type {
  CalendarRules,
  ChapterTimeRequest,
  StoryDate,
  TimelineChapter,
  TimelineLane,
} from '../../../../shared/schemas/story-time';
import { storyDateAt, storyDateSpan } from '../../../../shared/story-calendar';

/**
 * The Timeline page's decisions, apart from React: where each chapter sits on the story-time axis, which ones
 * break the reading sequence, which lanes are shown, and the time a dragged chapter lands on. Every date is
 * counted by the calendar's own rules (`shared/story-calendar.ts`), never by JavaScript's `Date`.
 */

/** The chart's x axis: chapters as the reader meets them, or where they fall in story time. */
export type TimelineOrder = 'reading' | 'story';

/** A chapter with the minutes it covers on the story-time axis (null while nothing up to it is dated). */
export interface PlacedChapter extends TimelineChapter {
  first: number | null;
  last: number | null;
  /** Marked a flashback, or starting before the chapter the reader met just before it. */
  outOfSequence: boolean;
}

export const minutesPerDay = (calendar: CalendarRules) => calendar.hours_per_day * 60;

/** The timeline's chapters in reading order, each placed in story time. */
export function placeChapters(
  calendar: CalendarRules,
  chapters: readonly TimelineChapter[],
): PlacedChapter[] {
  const inReadingOrder = [...chapters].sort((left, right) => left.reading_order - right.reading_order);
  let previousFirst: number | null = null;
  return inReadingOrder.map((chapter) => {
    const first = chapter.start ? storyDateSpan(calendar, chapter.start).first : null;
    const last = chapter.start ? storyDateSpan(calendar, chapter.end ?? chapter.start).end : null;
    const startsEarlier = first !== null && previousFirst !== null && first < previousFirst;
    const outOfSequence = chapter.time_set && (chapter.flashback || startsEarlier);
    previousFirst = first;
    return { ...chapter, first, last, outOfSequence };
  });
}

/** The chapters in the order the x axis shows them: story time (undated first, as the server sorts) or reading. */
export function chaptersInOrder(placed: readonly PlacedChapter[], order: TimelineOrder): PlacedChapter[] {
  if (order === 'reading') return [...placed];
  return [...placed].sort(
    (left, right) =>
      (left.first ?? -Infinity) - (right.first ?? -Infinity) || left.reading_order - right.reading_order,
  );
}

export const hasDatedChapter = (chapters: readonly TimelineChapter[]) =>
  chapters.some((chapter) => chapter.time_set);

export interface LaneFilter {
  /** The kinds of association shown. */
  types: ReadonlySet<AssociationType>;
  /** When not empty, only these associations (by id), whatever their kind. */
  picked: readonly string[];
}

/** The lanes the filter keeps, in the server's order (characters first, then by how often they appear). */
export function visibleLanes(lanes: readonly TimelineLane[], filter: LaneFilter): TimelineLane[] {
  if (filter.picked.length > 0) {
    const picked = new Set(filter.picked);
    return lanes.filter((lane) => picked.has(lane.association_id));
  }
  return lanes.filter((lane) => filter.types.has(lane.type));
}

/** The x axis's range in story time: every dated chapter, with room either side to drag a chapter into. */
export function storyTimeDomain(
  calendar: CalendarRules,
  placed: readonly PlacedChapter[],
): { min: number; max: number } | undefined {
  const dated = placed.filter((chapter) => chapter.first !== null && chapter.last !== null);
  if (dated.length === 0) return undefined;
  const min = Math.min(...dated.map((chapter) => chapter.first!));
  const max = Math.max(...dated.map((chapter) => chapter.last!));
  const margin = Math.max(minutesPerDay(calendar), Math.round((max - min) * 0.03));
  return { min: min - margin, max: max + margin };
}

const NICE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];
const MONTH_STEPS = [1, 2, 3, 4, 6];

// A step a little under the one wanted is closer to `count` ticks than the next one up (50 days for 21 wanted).
const niceStep = (wanted: number) => NICE_STEPS.find((step) => step >= wanted * 0.75) ?? Math.ceil(wanted);

/** The year after `year`, over the missing year 0 of a calendar that has none. */
const nextYear = (calendar: CalendarRules, year: number) =>
  year === -1 && !calendar.year_zero ? 1 : year + 1;

/**
 * About `count` ticks for the story-time axis, each on the first minute of a day, a month or a year of the
 * calendar (a tick between two midnights would be labelled with the day before it): whole days apart for a
 * span of weeks, months apart for a span of years, years apart beyond.
 */
export function storyTimeTicks(
  calendar: CalendarRules,
  domain: { min: number; max: number },
  count: number,
): number[] {
  const perDay = minutesPerDay(calendar);
  const wantedDays = (domain.max - domain.min) / perDay / Math.max(1, count);
  const yearDays = calendar.months.reduce((sum, month) => sum + month.days, 0);
  const monthDays = yearDays / calendar.months.length;
  const ticks: number[] = [];
  const inDomain = (tick: number) => tick >= domain.min && tick <= domain.max;
  const from = storyDateAt(calendar, domain.min, false);
  if (wantedDays < monthDays) {
    const step = niceStep(wantedDays) * perDay;
    for (let tick = Math.ceil(domain.min / step) * step; tick <= domain.max; tick += step) ticks.push(tick);
  } else if (wantedDays < yearDays) {
    const monthsApart =
      MONTH_STEPS.find((step) => step * monthDays >= wantedDays * 0.75) ?? calendar.months.length;
    let { year, month } = from;
    for (let first = domain.min; first <= domain.max;) {
      first = storyDateSpan(calendar, { year, month, day: 1 }).first;
      if (inDomain(first) && (month - 1) % monthsApart === 0) ticks.push(first);
      month += 1;
      if (month > calendar.months.length) [year, month] = [nextYear(calendar, year), 1];
    }
  } else {
    const yearsApart = niceStep(wantedDays / yearDays);
    const lastYear = storyDateAt(calendar, domain.max, false).year;
    for (let year = Math.ceil(from.year / yearsApart) * yearsApart; year <= lastYear; year += yearsApart) {
      if (year === 0 && !calendar.year_zero) continue;
      const first = storyDateSpan(calendar, { year, month: 1, day: 1 }).first;
      if (inDomain(first)) ticks.push(first);
    }
  }
  return ticks;
}

/** The same date moved by a whole number of days' minutes, keeping its hour and minute when it has them. */
function shiftedDate(calendar: CalendarRules, date: StoryDate, minutes: number): StoryDate {
  const moved = storyDateAt(calendar, storyDateSpan(calendar, date).first + minutes, date.hour !== undefined);
  if (date.minute === undefined) delete moved.minute;
  return moved;
}

/**
 * The time a chapter dragged to `minute` gets: its start moved to the nearest day (its hour kept), its end moved
 * as far, its flashback mark kept. A chapter that followed another gets a start of its own, and nothing else.
 */
export function draggedChapterTime(
  calendar: CalendarRules,
  chapter: TimelineChapter,
  minute: number,
): NonNullable<ChapterTimeRequest> {
  const perDay = minutesPerDay(calendar);
  const targetDay = Math.round(minute / perDay) * perDay;
  if (!chapter.start || !chapter.time_set) return { start: storyDateAt(calendar, targetDay, false) };
  const startDay = Math.floor(storyDateSpan(calendar, chapter.start).first / perDay) * perDay;
  const shift = targetDay - startDay;
  return {
    start: shiftedDate(calendar, chapter.start, shift),
    end: chapter.end ? shiftedDate(calendar, chapter.end, shift) : null,
    flashback: chapter.flashback,
  };
}
