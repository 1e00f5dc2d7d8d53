import type { User } from '../../../shared/schemas/user';
import { countChunkWords } from '../../../shared/word-count';
import { dayOf, isValidTimeZone, type CalendarDate } from '../../../shared/writing-progress';
import type { StoredBlock } from '../blocks/block-repository';
import type { Repositories } from '../repositories';
import type { Write } from '../unit-of-work';

/** The zone of an author who has not sent one yet (the web app sends the browser's on load). */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The zone the author's days are counted in: theirs, or UTC until the browser has sent it. */
export function timeZoneOf(user: Pick<User, 'time_zone'> | undefined): string {
  const zone = user?.time_zone;
  // A zone stored by a runtime whose time zone data knew it and this one does not counts as none.
  return zone && isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** The author's zone, read from their profile (one GetItem). */
export async function authorTimeZone(repositories: Repositories, userId: string): Promise<string> {
  return timeZoneOf(await repositories.users.get(userId));
}

/** The author's day at `now`. */
export const writingDay = (now: Date, timeZone: string): CalendarDate => dayOf(now, timeZone);

/**
 * The change in the chapter's words when the paragraphs `stored` (by key_id, as read before the write) become
 * `written` (`null`: deleted). A paragraph the chapter did not have counts from 0.
 */
export function wordsChange(
  stored: ReadonlyMap<string, StoredBlock>,
  written: readonly { key_id: string; chunk: string | null }[],
): number {
  return written.reduce((change, block) => {
    const before = stored.get(block.key_id);
    const wordsBefore = before ? countChunkWords(before.chunk) : 0;
    const wordsAfter = block.chunk === null ? 0 : countChunkWords(block.chunk);
    return change + wordsAfter - wordsBefore;
  }, 0);
}

/** The day's words write of a save, none when the words did not change (formatting, a moved word). */
export function dailyWordsWrites(
  repositories: Repositories,
  userId: string,
  day: CalendarDate,
  change: number,
): Write[] {
  return change === 0 ? [] : [repositories.dailyWords.addWordsItem(userId, day, change)];
}
