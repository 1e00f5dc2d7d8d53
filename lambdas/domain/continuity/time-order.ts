import type { ContinuityWarning } from '../../../shared/schemas/continuity';
import type { CalendarRules } from '../../../shared/schemas/story-time';
import { formatStoryDate } from '../../../shared/story-calendar';
import type { StoredChapterTime } from '../chapters/chapter-repository';
import { chapterSpan } from '../story-time/chapter-times';

export interface DatedChapter {
  chapter_id: string;
  title: string;
  time: StoredChapterTime | undefined;
}

/**
 * `time_order`: a dated chapter that starts before the chapter the story last stood at — the latest dated
 * chapter before it that is not a flashback — without being marked a flashback itself. Undated chapters follow
 * the one before them and are never out of order; a flashback is compared with nothing, and the chapter after
 * it is compared with the story's main line, not with the flashback.
 */
export function timeOrderWarnings(
  calendar: CalendarRules,
  chapters: readonly DatedChapter[],
): ContinuityWarning[] {
  const warnings: ContinuityWarning[] = [];
  let mainLine: { chapter: DatedChapter; time: StoredChapterTime; first: number } | undefined;
  for (const chapter of chapters) {
    const time = chapter.time;
    if (!time || time.flashback) continue;
    const first = chapterSpan(calendar, time).first;
    if (mainLine && first < mainLine.first) {
      warnings.push({
        kind: 'time_order',
        message: `This chapter is set on ${formatStoryDate(calendar, time.start)}, before “${mainLine.chapter.title}” (${formatStoryDate(calendar, mainLine.time.start)}), but is not marked a flashback.`,
        chapter_id: chapter.chapter_id,
        association_ids: [],
      });
    }
    mainLine = { chapter, time, first };
  }
  return warnings;
}
