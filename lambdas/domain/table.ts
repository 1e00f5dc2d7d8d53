import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ConflictError, ValidationError } from '../errors';
import type { Database } from '../ports';

/**
 * Table access shared by the repositories: paginated queries, batches with retries of what DynamoDB leaves
 * unprocessed, and transactions. Key formats are not here; each repository owns its own.
 */

export type TableKey = { PK: string; SK: string };
export type TableItem = Record<string, unknown>;
export type TransactionItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit on the actions of one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;
const BATCH_WRITE_SIZE = 25;
const BATCH_GET_SIZE = 100;
const BATCH_ATTEMPTS = 8;

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const backoff = (attempt: number) => Math.min(50 * 2 ** attempt, 2_000);

/** Every item a query matches, across pages. */
export async function queryAll(
  database: Database,
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<TableItem[]> {
  const items: TableItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await database.client.send(
      new QueryCommand({ ...input, TableName: database.tableName, ExclusiveStartKey: startKey }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** The keys of every item in a partition, for cascading deletes. */
export function partitionKeys(database: Database, partitionKey: string): Promise<TableKey[]> {
  return queryAll(database, {
    KeyConditionExpression: 'PK = :partition',
    ExpressionAttributeValues: { ':partition': partitionKey },
    ProjectionExpression: 'PK, SK',
    ConsistentRead: true,
  }) as Promise<TableKey[]>;
}

/** The items found for the keys, in no particular order; missing keys are simply absent. */
export async function batchGetAll(database: Database, keys: TableKey[]): Promise<TableItem[]> {
  const found: TableItem[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_SIZE) {
    let pending: Record<string, unknown>[] = keys.slice(start, start + BATCH_GET_SIZE);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt === BATCH_ATTEMPTS) throw new Error('DynamoDB left keys of a batch read unprocessed');
      if (attempt > 0) await pause(backoff(attempt));
      const result = await database.client.send(
        new BatchGetCommand({
          RequestItems: { [database.tableName]: { Keys: pending, ConsistentRead: true } },
        }),
      );
      found.push(...(result.Responses?.[database.tableName] ?? []));
      pending = result.UnprocessedKeys?.[database.tableName]?.Keys ?? [];
    }
  }
  return found;
}

/** Deletes the items 25 at a time, retrying with backoff whatever DynamoDB leaves unprocessed. */
export async function batchDeleteAll(database: Database, keys: TableKey[]): Promise<void> {
  for (let start = 0; start < keys.length; start += BATCH_WRITE_SIZE) {
    let pending = keys
      .slice(start, start + BATCH_WRITE_SIZE)
      .map((key) => ({ DeleteRequest: { Key: { PK: key.PK, SK: key.SK } } }));
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt === BATCH_ATTEMPTS) throw new Error('DynamoDB left items of a batch delete unprocessed');
      if (attempt > 0) await pause(backoff(attempt));
      const result = await database.client.send(
        new BatchWriteCommand({ RequestItems: { [database.tableName]: pending } }),
      );
      pending = (result.UnprocessedItems?.[database.tableName] ?? []).flatMap((request) =>
        request.DeleteRequest?.Key
          ? [
              {
                DeleteRequest: {
                  Key: { PK: request.DeleteRequest.Key.PK, SK: request.DeleteRequest.Key.SK },
                },
              },
            ]
          : [],
      ) as typeof pending;
    }
  }
}

/** Thrown by an operation whose optimistic read was overtaken by another writer; it reads again and retries. */
export class ConcurrentChangeError extends Error {}

/**
 * Writes the items all or none. A cancelled transaction means a condition no longer holds (another writer got
 * in between, or something was deleted): the operation retries from its reads, which then answer as they
 * should (404, 409, 501) or succeed on fresh data.
 */
export async function commitTransaction(database: Database, items: TransactionItem[]): Promise<void> {
  if (items.length > MAX_TRANSACTION_ITEMS) {
    throw new ValidationError('This change touches too many items to be made at once.');
  }
  try {
    await database.client.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (error instanceof TransactionCanceledException) throw new ConcurrentChangeError(error.message);
    throw error;
  }
}

const CONFLICT_ATTEMPTS = 5;

/**
 * Runs a read-decide-write operation, again from the read when another writer got in between. Writes are
 * conditional on what was read, so a lost race never overwrites anything; it just costs another round.
 */
export async function retryOnConcurrentChange<T>(operation: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (!(error instanceof ConcurrentChangeError)) throw error;
      if (attempt === CONFLICT_ATTEMPTS) {
        throw new ConflictError('This was changed elsewhere at the same time. Please try again.');
      }
      await pause(backoff(attempt));
    }
  }
}
