import type { CalendarDate } from '../../../shared/writing-progress';
import type { Write } from '../unit-of-work';

/**
 * The words an author wrote per day (issue 15 §1): one running total per author and calendar day in the
 * author's zone, changed only by the author's own paragraph saves and deletes.
 */
export interface DailyWordsRepository {
  /**
   * Adds `change` (negative when text was deleted) to the day's total, creating the day at 0 first: part of the
   * save's own transaction, so the words count exactly when the text is stored.
   */
  addWordsItem(userId: string, date: CalendarDate, change: number): Write;
  /**
   * The stored totals of the days from `from` to `to` (inclusive), by date; days without any are absent. A
   * total is as stored, and may be negative: the reader clamps it.
   */
  listDays(userId: string, from: CalendarDate, to: CalendarDate): Promise<Record<CalendarDate, number>>;
}
