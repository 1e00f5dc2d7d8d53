import { storyPartitionKey } from './story-keys';

/** A story's book settings (issue 27): `STORY#<sid>` / `BOOK`, gone with the story's partition. */
export const bookSettingsKey = (storyId: string) => ({ PK: storyPartitionKey(storyId), SK: 'BOOK' });
