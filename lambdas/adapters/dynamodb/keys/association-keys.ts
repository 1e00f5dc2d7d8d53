import { storyPartitionKey } from './story-keys';

/** Associations live in their story's partition (`STORY#<sid>` / `ASSOC#<aid>`), so one Query lists them all. */
export const ASSOCIATION_SORT_KEY_PREFIX = 'ASSOC#';
export const associationKey = (storyId: string, associationId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: `${ASSOCIATION_SORT_KEY_PREFIX}${associationId}`,
});
/** The story's association count; its sort key does not start with `ASSOC#`, so the list Query never returns it. */
export const associationCountKey = (storyId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: 'ASSOCIATION_COUNT',
});
