import { useCallback, useState } from 'react';
import type { Chapter } from '../../../../../shared/schemas/chapter';

export interface WordCounts {
  /** `undefined` until the active chapter's count is known. */
  chapter: number | undefined;
  /** `undefined` until the stored counts have loaded, or if they could not be. */
  story: number | undefined;
}

/**
 * Live word counts. The story's total is the stored count of every chapter, with each chapter the author has
 * had open in this visit replaced by the editor's live count; a chapter the server has not listed yet (just
 * created) counts as empty.
 */
export function useWordCounts(
  /** From `useStoredWordCounts`: `undefined` while loading, `null` if unavailable. */
  stored: ReadonlyMap<string, number> | null | undefined,
  chapters: readonly Chapter[],
  activeChapterId: string | undefined,
) {
  const [live, setLive] = useState<ReadonlyMap<string, number>>(new Map());

  const reportChapterWords = useCallback((chapterId: string, words: number) => {
    setLive((previous) =>
      previous.get(chapterId) === words ? previous : new Map(previous).set(chapterId, words),
    );
  }, []);

  const countOf = (chapterId: string) => live.get(chapterId) ?? stored?.get(chapterId);
  const counts: WordCounts = {
    chapter: activeChapterId === undefined ? undefined : countOf(activeChapterId),
    story: stored ? chapters.reduce((total, chapter) => total + (countOf(chapter.id) ?? 0), 0) : undefined,
  };

  return { counts, reportChapterWords };
}
