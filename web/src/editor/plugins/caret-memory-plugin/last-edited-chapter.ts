/**
 * The chapter of each story the author last changed the text of in this browser, which the story opens on
 * when its address names none. Apart from the caret's memory (which needs Lexical) so the page's first script
 * can read it too.
 */

const LAST_CHAPTER_PREFIX = 'loreweaver:last-chapter:';

export function lastChapterStorageKey(storyId: string): string {
  return `${LAST_CHAPTER_PREFIX}${storyId}`;
}

/** The chapter of the story the author last changed the text of in this browser; null when none is kept. */
export function readLastEditedChapter(storage: Storage, storyId: string): string | null {
  try {
    return storage.getItem(lastChapterStorageKey(storyId));
  } catch {
    return null;
  }
}

/** Keeps the story's last edited chapter; like the caret, a refused storage only loses the convenience. */
export function rememberLastEditedChapter(storage: Storage, storyId: string, chapterId: string): void {
  try {
    storage.setItem(lastChapterStorageKey(storyId), chapterId);
  } catch {
    // Quota exceeded or storage disabled: the story then opens on its first chapter.
  }
}
