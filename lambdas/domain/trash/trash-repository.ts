import type { ChapterRecord } from '../chapters/chapter-repository';
import type { Write } from '../unit-of-work';
import type { StoryRecord } from '../stories/story-repository';

/**
 * The trash: stories and chapters an author deleted, kept (with everything in them) until they are restored
 * or purged. A trashed story keeps the series it was in (`story.series_id`), a trashed chapter its old place.
 * Each entry is also filed under the day it was deleted, so the purge finds what is due without a scan.
 */
export interface TrashedStory {
  user_id: string;
  story: StoryRecord;
  deleted_at: string;
}

export interface TrashedChapter {
  user_id: string;
  chapter: ChapterRecord;
  /** 1-based place the chapter had when it was deleted. */
  place: number;
  deleted_at: string;
}

/** What the purge finds filed under a day. */
export type DuePurge =
  | { kind: 'story'; user_id: string; story_id: string; deleted_at: string }
  | { kind: 'chapter'; user_id: string; story_id: string; chapter_id: string; deleted_at: string };

export interface TrashRepository {
  /** The author's trashed stories and chapters (of every story), oldest first. */
  list(userId: string): Promise<{ stories: TrashedStory[]; chapters: TrashedChapter[] }>;
  getStory(userId: string, storyId: string): Promise<TrashedStory | undefined>;
  getChapter(userId: string, storyId: string, chapterId: string): Promise<TrashedChapter | undefined>;
  /** The trashed chapters of one story. */
  listChapters(userId: string, storyId: string): Promise<TrashedChapter[]>;
  /** The entry and its filing under its day, both new. */
  putStoryItems(trashed: TrashedStory): Write[];
  putChapterItems(trashed: TrashedChapter): Write[];
  /** The entry and its filing, if the entry is still there (a restore and a purge cannot both take it). */
  removeStoryItems(trashed: TrashedStory): Write[];
  removeChapterItems(trashed: TrashedChapter): Write[];
  /** What was deleted on the day (`YYYY-MM-DD`, UTC). */
  listDeletedOn(day: string): Promise<DuePurge[]>;
  /** The last day whose entries were all purged; undefined before the first purge. */
  purgedThrough(): Promise<string | undefined>;
  setPurgedThrough(day: string): Promise<void>;
}
