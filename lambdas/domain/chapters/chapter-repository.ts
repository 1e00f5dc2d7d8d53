import type { ChapterChanges, ChapterStage, ChapterStatus } from '../../../shared/schemas/chapter';
import type { StoryDate } from '../../../shared/schemas/story-time';
import type { Read, Write } from '../unit-of-work';

/**
 * Chapters of a story (title and status) and the story's chapter index holding their ids in order. A chapter's
 * place is its index plus one, so reordering writes one item; the index is versioned so concurrent changes
 * cannot overwrite each other.
 */
export interface ChapterRecord {
  chapter_id: string;
  story_id: string;
  title: string;
  status: ChapterStatus;
  /** The author's own notes on the chapter; absent when unset (and on chapters written before they existed). */
  synopsis?: string;
  stage?: ChapterStage;
  created_at: string;
  updated_at: string;
  /**
   * Changes with every write to the chapter's content, and whenever the chapter item is written anew (created,
   * restored): what a cached text of the chapter is checked against (`TextCacheRepository`). Set by the
   * repository, never by a caller; '' for a chapter written before stamps existed.
   */
  content_stamp?: string;
  /**
   * The words of the chapter's stored paragraphs, kept by every write to its content; undefined for a chapter
   * written before counts were kept, until `countChapterWords` has counted it once.
   */
  word_count?: number;
  /** When the chapter's content was last written; undefined for a chapter not written since edits were dated. */
  edited_at?: string;
  /** Absent: the chapter follows the one before it. */
  story_time?: StoredChapterTime;
}

/** When a chapter happens in its story's calendar (issue 25 §1). */
export interface StoredChapterTime {
  start: StoryDate;
  end?: StoryDate;
  /** Set earlier than the chapter before it on purpose: the time-order check leaves it be. */
  flashback: boolean;
}

/** What a write to a chapter's content changes besides its paragraphs. */
export interface ContentChange {
  /** The change in the chapter's words (negative when words go). */
  words: number;
  at: Date;
}

/** A chapter's words counted from its paragraphs as they stood at `content_stamp`. */
export interface ChapterWordCount {
  words: number;
  content_stamp: string;
}

export interface ChapterIndex {
  chapter_ids: string[];
  /** The version read; 0 when the story has no index yet. */
  version: number;
}

/** A story's chapters (in no particular order) and its index. */
export interface StoryChapters {
  chapters: ChapterRecord[];
  index: ChapterIndex;
}

export interface ChapterRepository {
  /** The story's chapters and their order, in one consistent read. */
  listWithIndex(storyId: string): Promise<StoryChapters>;
  /**
   * The chapters and index of each of the author's stories named, by story id, read together whatever the
   * number of stories (the story list's cost stays flat). It may lag a change made a moment ago by a fraction of
   * a second: what a page about one story shows is read with `listWithIndex`.
   */
  listOfStories(userId: string, storyIds: string[]): Promise<Map<string, StoryChapters>>;
  get(storyId: string, chapterId: string): Promise<ChapterRecord | undefined>;
  /** `get` as a read to make with others (`Repositories.read`). */
  getRead(storyId: string, chapterId: string): Read<ChapterRecord | undefined>;
  createItem(userId: string, chapter: ChapterRecord): Write;
  /** A new story's chapter index (the story's first write of its chapters). */
  createIndexItem(userId: string, storyId: string, chapterIds: string[]): Write;
  /** Writes the new order, if the index is still at the version it was read at. */
  saveIndexItem(storyId: string, index: ChapterIndex, chapterIds: string[]): Write;
  /**
   * Part of a write that relies on the story's chapters as read (an outline naming them): no chapter was added,
   * removed or moved since.
   */
  indexCondition(storyId: string, index: ChapterIndex): Write;
  /**
   * The creation worker's last step (and an import's), with a new content stamp; fails if the chapter is gone
   * or was already prepared.
   */
  markReadyItem(storyId: string, chapterId: string, now: Date, words: number): Write;
  /**
   * The chapter's status moves from `from` to `to` (a creation given up, or asked for again); fails if the chapter
   * is gone or no longer in `from`.
   */
  changeStatusItem(
    storyId: string,
    chapterId: string,
    from: ChapterStatus,
    to: ChapterStatus,
    now: Date,
  ): Write;
  /** Sets the title, and the synopsis and stage when given (null removes them). False when there is no such chapter. */
  update(storyId: string, chapterId: string, changes: ChapterChanges, now: Date): Promise<boolean>;
  /** Dates the chapter (none: it follows the one before). False when there is no such chapter. */
  setTime(
    storyId: string,
    chapterId: string,
    time: StoredChapterTime | undefined,
    now: Date,
  ): Promise<boolean>;
  /** A chapter leaves its story: the chapter and its index entry go together, or neither does. */
  removeItems(storyId: string, index: ChapterIndex, chapterId: string): Write[];
  /**
   * Part of every write to a chapter's content: the chapter exists and is ready, and it gets a new content
   * stamp, so no text cached before this write is used after it. A chapter being created takes no content yet,
   * and a deleted one can get none back behind its cascade.
   */
  contentChangeItem(storyId: string, chapterId: string, change: ContentChange): Write;
  /**
   * Stores a count of the chapter's words made from its paragraphs, unless its content was written since they
   * were read (its stamp changed): false then, and the count is not stored.
   */
  recordWordCount(storyId: string, chapterId: string, count: ChapterWordCount): Promise<boolean>;
  /**
   * Part of every write building a chapter's content in the background (an import): the chapter exists and is
   * still being created, so a chapter the author deleted meanwhile gets no paragraphs behind its cascade.
   */
  creatingCondition(storyId: string, chapterId: string): Write;
}
