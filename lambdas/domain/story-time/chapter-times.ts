import type { CalendarRules, StoryDate } from '../../../shared/schemas/story-time';
import { storyDateSpan, type StoryTimeSpan } from '../../../shared/story-calendar';
import type { StoredChapterTime } from '../chapters/chapter-repository';

/** A chapter as story time places it: its own time, or the one of the chapter it follows. */
export interface ChapterInTime {
  start: StoryDate | null;
  end: StoryDate | null;
  /** The minutes it covers, from its start's first to its end's last (null while nothing before it is dated). */
  span: StoryTimeSpan | null;
  time_set: boolean;
  flashback: boolean;
}

/** The minutes a dated chapter covers: from its start to the end of its end (its start's day, hour or minute). */
export function chapterSpan(calendar: CalendarRules, time: StoredChapterTime): StoryTimeSpan {
  const first = storyDateSpan(calendar, time.start).first;
  return { first, end: storyDateSpan(calendar, time.end ?? time.start).end };
}

/**
 * Each chapter, in reading order, placed in story time: a chapter without a time of its own follows the one
 * before it (the same time), and chapters before the first dated one have none.
 */
export function placeInStoryTime(
  calendar: CalendarRules,
  times: readonly (StoredChapterTime | undefined)[],
): ChapterInTime[] {
  let previous: ChapterInTime = { start: null, end: null, span: null, time_set: false, flashback: false };
  return times.map((time) => {
    previous = time
      ? {
          start: time.start,
          end: time.end ?? null,
          span: chapterSpan(calendar, time),
          time_set: true,
          flashback: time.flashback,
        }
      : { ...previous, time_set: false, flashback: false };
    return previous;
  });
}
