import { storyPartitionKey } from './story-keys';

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
