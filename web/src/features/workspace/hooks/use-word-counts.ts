import { useSyncExternalStore } from 'react';
import type { Chapter } from '../../../../../shared/schemas/chapter';

export interface WordCounts {
  /** `undefined` until the active chapter's count is known. */
  chapter: number | undefined;
  /** `undefined` until the stored counts have loaded, or if they could not be. */
  story: number | undefined;
}

/**
 * The editor's live word counts of the chapters the author has had open in this visit. A store rather than
 * workspace state: the editor reports a new count whenever a word is added or removed, and only what shows
 * the counts should re-render then, not the whole workspace (whose re-render, with the caret in a long
 * chapter, would slow those keystrokes down noticeably).
 */
export class LiveWordCounts {
  private counts: ReadonlyMap<string, number> = new Map();
  private readonly listeners = new Set<() => void>();

  report = (chapterId: string, words: number): void => {
    if (this.counts.get(chapterId) === words) return;
    this.counts = new Map(this.counts).set(chapterId, words);
    this.listeners.forEach((listener) => listener());
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): ReadonlyMap<string, number> => this.counts;
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
  liveCounts: LiveWordCounts,
): WordCounts {
  const live = useSyncExternalStore(liveCounts.subscribe, liveCounts.getSnapshot, liveCounts.getSnapshot);
  const countOf = (chapterId: string) => live.get(chapterId) ?? stored?.get(chapterId);
  return {
    chapter: activeChapterId === undefined ? undefined : countOf(activeChapterId),
    story: stored ? chapters.reduce((total, chapter) => total + (countOf(chapter.id) ?? 0), 0) : undefined,
  };
}
