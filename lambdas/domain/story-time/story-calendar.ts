import type { CalendarRequest, CalendarRules, StoryCalendar } from '../../../shared/schemas/story-time';
import { customCalendar, GREGORIAN_CALENDAR, storyDateProblem } from '../../../shared/story-calendar';
import { CALENDAR_IN_USE_MESSAGE } from '../../../shared/validation';
import { ConflictError } from '../../errors';
import { retryOnConcurrentChange } from '../concurrency';
import type { Repositories } from '../repositories';
import type { SeriesRecord } from '../series/series-repository';
import type { StoryRecord } from '../stories/story-repository';

/**
 * Issue 25 §1: the calendar a story is dated in. A volume's is its series' (one calendar for all the volumes);
 * a story alone keeps its own. Either is the Gregorian calendar until the author sets one.
 */
export interface CalendarHome {
  rules: CalendarRules;
  /** The series keeping the calendar; undefined when the story keeps it. */
  series?: SeriesRecord;
}

export async function readCalendarHome(
  repositories: Repositories,
  userId: string,
  story: StoryRecord,
): Promise<CalendarHome> {
  const series = story.series_id ? await repositories.series.get(userId, story.series_id) : undefined;
  if (series) return { rules: series.calendar ?? GREGORIAN_CALENDAR, series };
  return { rules: story.calendar ?? GREGORIAN_CALENDAR };
}

export function toStoryCalendar(home: CalendarHome): StoryCalendar {
  return { ...home.rules, series_id: home.series?.series_id ?? null };
}

/** GET /api/stories/{storyId}/calendar. */
export async function getStoryCalendar(
  repositories: Repositories,
  { userId, storyId }: { userId: string; storyId: string },
): Promise<StoryCalendar> {
  const story = await repositories.stories.requireOwned(userId, storyId);
  return toStoryCalendar(await readCalendarHome(repositories, userId, story));
}

/** 409 when a chapter of the stories is dated on a day the calendar lacks: no date is ever left meaningless. */
async function requireDatesKept(
  repositories: Repositories,
  storyIds: readonly string[],
  rules: CalendarRules,
) {
  const chapterLists = await Promise.all(storyIds.map((id) => repositories.chapters.listWithIndex(id)));
  const lost = chapterLists
    .flatMap(({ chapters }) => chapters)
    .filter(({ story_time: time }) =>
      [time?.start, time?.end].some(
        (date) => date !== undefined && storyDateProblem(rules, date) !== undefined,
      ),
    );
  if (lost.length > 0) {
    throw new ConflictError(
      `${CALENDAR_IN_USE_MESSAGE} (${lost.map((chapter) => chapter.title).join(', ')})`,
      'calendar_in_use',
    );
  }
}

/**
 * PUT /api/stories/{storyId}/calendar (a calendar of the author's own) and DELETE (back to the Gregorian one):
 * kept by the series for a volume, else by the story.
 */
export async function setStoryCalendar(
  repositories: Repositories,
  { userId, storyId, now }: { userId: string; storyId: string; now: Date },
  request: CalendarRequest | undefined,
): Promise<StoryCalendar> {
  const rules = request ? customCalendar(request) : GREGORIAN_CALENDAR;
  return retryOnConcurrentChange(async () => {
    const story = await repositories.stories.requireOwned(userId, storyId);
    const { series } = await readCalendarHome(repositories, userId, story);
    await requireDatesKept(repositories, series?.story_ids ?? [storyId], rules);
    const kept = request ? rules : undefined;
    if (series) {
      const { calendar: _previous, ...rest } = series;
      await repositories.commit([
        repositories.series.saveItem(userId, { ...rest, ...(kept ? { calendar: kept } : {}) }, now),
      ]);
    } else {
      await repositories.commit([repositories.stories.setCalendarItem(userId, storyId, kept, now)]);
    }
    return toStoryCalendar({ rules, ...(series ? { series } : {}) });
  });
}
