import { userPartitionKey } from './user-keys';

/**
 * An author's words of one day: `USER#<uid>` / `WORDS#<YYYY-MM-DD>`. In the author's partition, so a range of
 * days is one Query, and dates sort as text in calendar order.
 */
export const DAILY_WORDS_SORT_KEY_PREFIX = 'WORDS#';
export const dailyWordsSortKey = (date: string) => `${DAILY_WORDS_SORT_KEY_PREFIX}${date}`;
export const dailyWordsKey = (userId: string, date: string) => ({
  PK: userPartitionKey(userId),
  SK: dailyWordsSortKey(date),
});
