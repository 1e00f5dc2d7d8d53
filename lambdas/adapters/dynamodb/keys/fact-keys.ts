import { storyPartitionKey } from './story-keys';

/**
 * Issue 25 §2's facts live in the story whose chapter they start from (`STORY#<sid>` /
 * `FACT#<associationId>#<factId>`), an association's together; the story's cascading delete takes them.
 */
export const STORY_FACTS_PREFIX = 'FACT#';
export const associationFactsPrefix = (associationId: string) => `${STORY_FACTS_PREFIX}${associationId}#`;
export const factKey = (storyId: string, associationId: string, factId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: `${associationFactsPrefix(associationId)}${factId}`,
});
/** The story's count of the association's facts; outside the `FACT#` range. */
export const factCountKey = (storyId: string, associationId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: `FACTCOUNT#${associationId}`,
});
