import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError } from '../errors';
import type { Database } from '../ports';

/**
 * Ownership is one key read: a story (or series) exists for a caller only under the caller's own partition,
 * `USER#<uid>`. Anything not found there answers 404, whether it is missing or someone else's.
 */
export const ownedStoryKey = (userId: string, storyId: string) => ({
  PK: `USER#${userId}`,
  SK: `STORY#${storyId}`,
});
export const ownedSeriesKey = (userId: string, seriesId: string) => ({
  PK: `USER#${userId}`,
  SK: `SERIES#${seriesId}`,
});

async function requireItem(database: Database, key: { PK: string; SK: string }, what: string) {
  const { Item } = await database.client.send(new GetCommand({ TableName: database.tableName, Key: key }));
  if (!Item) throw new NotFoundError(`No such ${what}.`);
  return Item;
}

/** The caller's story item, or 404. Every story-, chapter-, block- and association-scoped call starts here. */
export function requireOwnedStory(database: Database, userId: string, storyId: string) {
  return requireItem(database, ownedStoryKey(userId, storyId), 'story');
}

export function requireOwnedSeries(database: Database, userId: string, seriesId: string) {
  return requireItem(database, ownedSeriesKey(userId, seriesId), 'series');
}
