import { storyPartitionKey } from './story-keys';
import { userPartitionKey } from './user-keys';

/**
 * Chapters live in their story's partition: `STORY#<sid>` / `CHAPTER#<cid>` per chapter and `CHAPTERS` for the
 * index. Both sort keys begin with `CHAPTER`, so one Query reads the chapters and the index together.
 */
export const CHAPTER_SORT_KEY_PREFIX = 'CHAPTER';
export const chapterKey = (storyId: string, chapterId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: `${CHAPTER_SORT_KEY_PREFIX}#${chapterId}`,
});
export const chapterIndexKey = (storyId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: `${CHAPTER_SORT_KEY_PREFIX}S`,
});

/**
 * A chapter item or chapter index listed under its author in the `chaptersByOwner` index: `USER#<uid>` /
 * the item's own `STORY#<sid>#CHAPTER…`, so the author's chapters come back story by story.
 */
export const ownerListingKey = (userId: string, key: { PK: string; SK: string }) => ({
  owner_PK: userPartitionKey(userId),
  owner_SK: `${key.PK}#${key.SK}`,
});
