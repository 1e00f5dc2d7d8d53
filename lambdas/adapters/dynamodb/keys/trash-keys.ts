import { userPartitionKey } from './user-keys';

/**
 * Trash entries live in their author's partition, so the 'Recently deleted' list is one Query:
 * `USER#<uid>` / `TRASH#STORY#<sid>` and `TRASH#CHAPTER#<sid>#<cid>`. Each is filed under the UTC day it was
 * deleted, `PURGE#<YYYY-MM-DD>`, where the daily purge reads what is due; `PURGE_CURSOR` holds the last day
 * the purge finished.
 */
export const TRASH_SORT_KEY_PREFIX = 'TRASH#';
export const TRASHED_STORY_SORT_KEY_PREFIX = `${TRASH_SORT_KEY_PREFIX}STORY#`;
export const TRASHED_CHAPTER_SORT_KEY_PREFIX = `${TRASH_SORT_KEY_PREFIX}CHAPTER#`;

export const trashedStoryKey = (userId: string, storyId: string) => ({
  PK: userPartitionKey(userId),
  SK: `${TRASHED_STORY_SORT_KEY_PREFIX}${storyId}`,
});
export const trashedChaptersOfStoryPrefix = (storyId: string) =>
  `${TRASHED_CHAPTER_SORT_KEY_PREFIX}${storyId}#`;
export const trashedChapterKey = (userId: string, storyId: string, chapterId: string) => ({
  PK: userPartitionKey(userId),
  SK: `${trashedChaptersOfStoryPrefix(storyId)}${chapterId}`,
});

export const purgeDayPartitionKey = (day: string) => `PURGE#${day}`;
export const purgeEntryKey = (day: string, trashedSortKey: string, userId: string) => ({
  PK: purgeDayPartitionKey(day),
  SK: `${userId}#${trashedSortKey}`,
});
export const purgeCursorKey = () => ({ PK: 'PURGE_CURSOR', SK: 'PURGE_CURSOR' });
