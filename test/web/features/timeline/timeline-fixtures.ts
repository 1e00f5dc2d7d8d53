import type { StoryCalendar, Timeline, TimelineChapter } from '../../../../shared/schemas/story-time';
import { GREGORIAN_CALENDAR } from '../../../../shared/story-calendar';

export const GREGORIAN: StoryCalendar = { ...GREGORIAN_CALENDAR, series_id: null };

/** Two months of ten days, years written 'A.W.': small enough to count by hand. */
export const SHORT_CALENDAR: StoryCalendar = {
  kind: 'custom',
  months: [
    { name: 'Frostmoon', days: 10 },
    { name: 'Thawmoon', days: 10 },
  ],
  week_days: [],
  hours_per_day: 24,
  epoch_name: 'A.W.',
  year_zero: false,
  series_id: null,
};

export function buildTimelineChapter(
  readingOrder: number,
  title: string,
  overrides: Partial<TimelineChapter> = {},
): TimelineChapter {
  return {
    chapter_id: `c${readingOrder}`,
    story_id: 's1',
    title,
    place: readingOrder,
    volume: 1,
    reading_order: readingOrder,
    start: null,
    end: null,
    time_set: false,
    flashback: false,
    ...overrides,
  };
}

/**
 * 'Departure' on 3 March 1018, 'The Well' following it, 'Childhood' back in 1002 and marked a flashback: in story
 * time Childhood comes first. Listed as the server sorts them (story time, undated first).
 */
export function buildTimeline(overrides: Partial<Timeline> = {}): Timeline {
  const departure = { year: 1018, month: 3, day: 3 };
  return {
    calendar: GREGORIAN,
    chapters: [
      buildTimelineChapter(3, 'Childhood', {
        start: { year: 1002, month: 6, day: 1 },
        time_set: true,
        flashback: true,
      }),
      buildTimelineChapter(1, 'Departure', { start: departure, time_set: true }),
      buildTimelineChapter(2, 'The Well', { start: departure }),
    ],
    lanes: [
      {
        association_id: 'a1',
        name: 'Mara',
        type: 'character',
        appearances: [{ chapter_id: 'c1', count: 3 }],
      },
      {
        association_id: 'a2',
        name: 'Eastwatch',
        type: 'place',
        appearances: [{ chapter_id: 'c2', count: 1 }],
      },
    ],
    ...overrides,
  };
}
