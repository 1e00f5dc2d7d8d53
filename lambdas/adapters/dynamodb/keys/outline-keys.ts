import { storyPartitionKey } from './story-keys';

/** A story's outline: `STORY#<sid>` / `OUTLINE`. */
export const outlineKey = (storyId: string) => ({ PK: storyPartitionKey(storyId), SK: 'OUTLINE' });
