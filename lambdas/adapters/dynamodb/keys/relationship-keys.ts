import { storyPartitionKey } from './story-keys';

/** A story's relationships: `STORY#<sid>` / `RELATIONSHIPS`, removed with the story's partition. */
export const relationshipsKey = (storyId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: 'RELATIONSHIPS',
});
