import type { StoryImport } from '../../../shared/schemas/story';
import type { CalendarRules } from '../../../shared/schemas/story-time';
import type { SeriesRecord } from '../series/series-repository';
import type { Read, Write } from '../unit-of-work';

/**
 * Stories. A story belongs to its owner, so the owner's list is one read and ownership one key read;
 * everything else of a story (chapters, settings, associations) is kept with the story and goes with it.
 */
export interface StoryRecord {
  story_id: string;
  title: string;
  description: string;
  image_url: string;
  /** The series the story is a volume of; the series holds its place (see SeriesRepository). */
  series_id?: string;
  created_at: string;
  updated_at: string;
  /** A manuscript import building the story, or one that failed; absent once built. */
  import?: StoryImport;
  /** The author's own calendar for a story alone (issue 25 §1); absent: the Gregorian one. */
  calendar?: CalendarRules;
}

/** The author's stories and series, as the story list and the series list show them together. */
export interface Library {
  stories: StoryRecord[];
  series: SeriesRecord[];
}

export type StoryDetails = Pick<StoryRecord, 'title' | 'description' | 'image_url'>;

export interface StoryRepository {
  /**
   * The caller's story, or 404 whether it is missing or someone else's. Every story-, chapter-, block- and
   * association-scoped call starts here: this is the ownership check.
   */
  requireOwned(userId: string, storyId: string): Promise<StoryRecord>;
  /** `requireOwned` as a read to make with others (`Repositories.read`). */
  requireOwnedRead(userId: string, storyId: string): Read<StoryRecord>;
  /** The caller's story, or undefined (a story shared with the caller is then looked for: `StoryAccess`). */
  getOwnedRead(userId: string, storyId: string): Read<StoryRecord | undefined>;
  listOwned(userId: string): Promise<StoryRecord[]>;
  /** The author's stories and series, read together. */
  listLibrary(userId: string): Promise<Library>;
  /** The caller's stories among the ids; ids that are not the caller's are left out. */
  getOwned(userId: string, storyIds: string[]): Promise<StoryRecord[]>;
  createItem(userId: string, story: StoryRecord): Write;
  /** Sets the details and the series (none: standalone), if the story is still in `expectedSeriesId`. */
  updateItem(
    userId: string,
    storyId: string,
    change: { details: StoryDetails; seriesId: string | undefined; expectedSeriesId: string | undefined },
    now: Date,
  ): Write;
  /** Moves the story into a series (or out of every series), if it is still in `expectedSeriesId`. */
  setSeriesItem(
    userId: string,
    storyId: string,
    seriesId: string | undefined,
    expectedSeriesId: string | undefined,
    now: Date,
  ): Write;
  deleteItem(userId: string, storyId: string, expectedSeriesId: string | undefined): Write;
  /** Sets the story's own calendar (none: back to the Gregorian one), if the story still exists. */
  setCalendarItem(userId: string, storyId: string, calendar: CalendarRules | undefined, now: Date): Write;
  /** Sets the story's import status (none: the import is done), if the story still exists. */
  setImportItem(userId: string, storyId: string, status: StoryImport | undefined): Write;
  /**
   * Part of every transaction writing the story's content: once the story is gone (a delete has begun),
   * nothing new can appear behind the cascade's back.
   */
  existsCondition(userId: string, storyId: string): Write;
  /**
   * Deletes everything kept with the story (chapters, settings, associations), whoever wrote it. With
   * `keepChapterIndex` the chapter index stays, so a cascade stopped half-way still knows the chapters' ids.
   */
  deleteContent(storyId: string, options?: { keepChapterIndex?: boolean }): Promise<void>;
}
