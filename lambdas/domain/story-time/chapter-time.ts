import type { ChapterTime, ChapterTimeRequest, StoryDate } from '../../../shared/schemas/story-time';
import { storyDateProblem, storyDateSpan } from '../../../shared/story-calendar';
import { STORY_TIME_END_BEFORE_START_MESSAGE } from '../../../shared/validation';
import { NotFoundError, ValidationError } from '../../errors';
import type { StoredChapterTime } from '../chapters/chapter-repository';
import type { Repositories } from '../repositories';
import { readCalendarHome } from './story-calendar';

/**
 * PUT /api/stories/{storyId}/chapters/{chapterId}/time: dates the chapter in its story's calendar, or clears its
 * date (null), after which it follows the chapter before it. A date the calendar does not have is refused.
 */
export async function setChapterTime(
  repositories: Repositories,
  { userId, storyId, chapterId, now }: { userId: string; storyId: string; chapterId: string; now: Date },
  request: ChapterTimeRequest,
): Promise<ChapterTime> {
  const story = await repositories.stories.requireOwned(userId, storyId);
  let time: StoredChapterTime | undefined;
  if (request) {
    const { rules } = await readCalendarHome(repositories, userId, story);
    const dates: StoryDate[] = request.end ? [request.start, request.end] : [request.start];
    for (const date of dates) {
      const problem = storyDateProblem(rules, date);
      if (problem) throw new ValidationError(problem);
    }
    if (request.end && storyDateSpan(rules, request.end).end <= storyDateSpan(rules, request.start).first) {
      throw new ValidationError(STORY_TIME_END_BEFORE_START_MESSAGE);
    }
    time = {
      start: request.start,
      ...(request.end ? { end: request.end } : {}),
      flashback: request.flashback ?? false,
    };
  }
  if (!(await repositories.chapters.setTime(storyId, chapterId, time, now))) {
    throw new NotFoundError('No such chapter.');
  }
  return {
    chapter_id: chapterId,
    start: time?.start ?? null,
    end: time?.end ?? null,
    flashback: time?.flashback ?? false,
  };
}
