/** Story time's calls (issue 25 §1): the calendar, a chapter's time and the timeline, parsed with the shared schemas. */
import { queryOptions } from '@tanstack/react-query';
import {
  ChapterTimeSchema,
  StoryCalendarSchema,
  TimelineSchema,
  type CalendarRequest,
  type ChapterTime,
  type ChapterTimeRequest,
  type StoryCalendar,
  type Timeline,
} from '../../../shared/schemas/story-time';
import { api } from '../lib/api-client';
import { apiPaths } from './api-paths';
import { storyBibleKeys } from './story-bible';

export const storyTimeKeys = {
  // Under the Story Bible's keys: what refreshes the bible's counts (a new association, a rename) refreshes the lanes.
  story: (storyId: string): readonly string[] => [...storyBibleKeys.all(storyId), 'timeline'],
  series: (seriesId: string): readonly string[] => ['series-timeline', seriesId],
};

/**
 * GET /api/stories/{storyId}/timeline: the story's chapters in story time, with a lane per association; with
 * `seriesId`, GET /api/series/{seriesId}/timeline: every volume's chapters on one axis, in the series' calendar.
 */
export async function getTimeline(
  scope: { storyId: string } | { seriesId: string },
  signal?: AbortSignal,
): Promise<Timeline> {
  const path =
    'seriesId' in scope ? apiPaths.seriesTimeline(scope.seriesId) : apiPaths.storyTimeline(scope.storyId);
  return TimelineSchema.parse(await api.get(path, { signal }));
}

/** The story's timeline, or with `seriesId` its whole series'. */
export const timelineQuery = (storyId: string, seriesId?: string) =>
  queryOptions({
    queryKey: seriesId === undefined ? storyTimeKeys.story(storyId) : storyTimeKeys.series(seriesId),
    queryFn: ({ signal }) => getTimeline(seriesId === undefined ? { storyId } : { seriesId }, signal),
  });

/** PUT /api/stories/{storyId}/chapters/{chapterId}/time: dates the chapter, or null to clear its date. */
export async function setChapterTime(
  storyId: string,
  chapterId: string,
  request: ChapterTimeRequest,
): Promise<ChapterTime> {
  return ChapterTimeSchema.parse(await api.put(apiPaths.chapterTime(storyId, chapterId), request));
}

/** PUT /api/stories/{storyId}/calendar: a calendar of the author's own (the series' for a volume). */
export async function setStoryCalendar(storyId: string, request: CalendarRequest): Promise<StoryCalendar> {
  return StoryCalendarSchema.parse(await api.put(apiPaths.storyCalendar(storyId), request));
}

/** DELETE /api/stories/{storyId}/calendar: back to the Gregorian calendar. */
export async function resetStoryCalendar(storyId: string): Promise<StoryCalendar> {
  return StoryCalendarSchema.parse(await api.delete(apiPaths.storyCalendar(storyId)));
}
