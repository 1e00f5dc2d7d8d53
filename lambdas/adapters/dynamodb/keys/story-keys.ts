import { userPartitionKey } from './user-keys';

/** The story item lives in its owner's partition, `USER#<uid>` / `STORY#<sid>`. */
export const STORY_SORT_KEY_PREFIX = 'STORY#';
export const ownedStoryKey = (userId: string, storyId: string) => ({
  PK: userPartitionKey(userId),
  SK: `${STORY_SORT_KEY_PREFIX}${storyId}`,
});
/**
 * Everything else of a story lives in its own partition, `STORY#<sid>` (chapters, settings, associations),
 * which a cascading delete empties.
 */
export const storyPartitionKey = (storyId: string) => `STORY#${storyId}`;
