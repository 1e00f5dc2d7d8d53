import type { CalendarRules } from '../../../shared/schemas/story-time';
import type { Write } from '../unit-of-work';

/**
 * Series belong to their owner. The series holds its volumes as an ordered list of story ids: a volume's place
 * is its index plus one, so reordering writes one item and places are always 1..n without gaps. Each volume's
 * story points back with `series_id`; both change in one transaction, and that pointer's condition stops a
 * story joining two series at once.
 */
export interface SeriesRecord {
  series_id: string;
  series_title: string;
  series_description: string;
  image_url: string;
  story_ids: string[];
  /** The author's own calendar, shared by every volume (issue 25 §1); absent: the Gregorian one. */
  calendar?: CalendarRules;
  /** The version read; a write succeeds only if the series is still at it (0: not yet stored). */
  version: number;
  created_at: string;
  updated_at: string;
}

export interface SeriesRepository {
  /** The caller's series, or 404 whether it is missing or someone else's. */
  requireOwned(userId: string, seriesId: string): Promise<SeriesRecord>;
  get(userId: string, seriesId: string): Promise<SeriesRecord | undefined>;
  listOwned(userId: string): Promise<SeriesRecord[]>;
  /** Writes the series as given, if it is still at the version it was read at (or new, for version 0). */
  saveItem(userId: string, series: SeriesRecord, now: Date): Write;
  deleteItem(userId: string, series: SeriesRecord): Write;
}
