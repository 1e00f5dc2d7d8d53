import { storyPartitionKey } from './story-keys';

/** An export job lives in its story's partition, `STORY#<sid>` / `EXPORT#<jobid>`, so it goes with the story. */
export const exportJobKey = (storyId: string, jobId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: `EXPORT#${jobId}`,
});
