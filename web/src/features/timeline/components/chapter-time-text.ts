import type { CalendarRules, StoryDate, TimelineChapter } from '../../../../../shared/schemas/story-time';
import { formatStoryDate, weekDayName } from '../../../../../shared/story-calendar';

/** 'Tuesday, 3 March 1018' when the calendar names its week days, else '3 March 1018'. */
export function storyDateText(calendar: CalendarRules, date: StoryDate): string {
  const weekDay = weekDayName(calendar, date);
  const formatted = formatStoryDate(calendar, date);
  return weekDay ? `${weekDay}, ${formatted}` : formatted;
}

/** When a chapter happens, as the list and its mark say it: its own time, the one it follows, or none yet. */
export function chapterTimeText(calendar: CalendarRules, chapter: TimelineChapter): string {
  if (!chapter.start) return 'Not dated yet';
  const start = storyDateText(calendar, chapter.start);
  const span = chapter.end ? `${start} to ${storyDateText(calendar, chapter.end)}` : start;
  return chapter.time_set ? span : `Follows the previous chapter (${span})`;
}
