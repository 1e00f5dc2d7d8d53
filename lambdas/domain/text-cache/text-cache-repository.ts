import type { StoredParagraph } from '../../../shared/paragraph-text';

/**
 * Each chapter's text as the story-wide reads (appearances, the mention grid, suggestions, story search) need
 * it, cached so they read one item per chapter instead of every paragraph. A cached text is labelled with the
 * chapter's content stamp when it was read (`ChapterRecord.content_stamp`); every write to the chapter's
 * content gives the chapter a new stamp, so a cached text is used only while its stamp is the chapter's.
 */
export interface CachedChapterText {
  /** The chapter's content stamp, read before its paragraphs were. */
  content_stamp: string;
  /** The paragraphs in reading order, compacted (`compactParagraph`). */
  paragraphs: StoredParagraph[];
}

export interface TextCacheRepository {
  /**
   * The cached paragraphs of each chapter whose cached text has the given stamp, by chapter id; a chapter with
   * none, or with one cached at another stamp, is left out. Shared with later calls: never change them.
   */
  getCurrent(
    chapters: readonly { chapter_id: string; content_stamp: string }[],
  ): Promise<Map<string, readonly StoredParagraph[]>>;
  /**
   * Caches a chapter's text. Best effort: a text too large to keep is not kept, and it is read from the
   * paragraphs every time instead.
   */
  put(chapterId: string, text: CachedChapterText): Promise<void>;
}
