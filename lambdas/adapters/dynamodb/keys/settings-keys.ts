import { storyPartitionKey } from './story-keys';

/** A story's document settings: `STORY#<sid>` / `SETTINGS`. */
export const settingsKey = (storyId: string) => ({ PK: storyPartitionKey(storyId), SK: 'SETTINGS' });
