import { userPartitionKey } from './user-keys';

/** A series lives in its owner's partition, `USER#<uid>` / `SERIES#<id>`. */
export const SERIES_SORT_KEY_PREFIX = 'SERIES#';
export const ownedSeriesKey = (userId: string, seriesId: string) => ({
  PK: userPartitionKey(userId),
  SK: `${SERIES_SORT_KEY_PREFIX}${seriesId}`,
});
