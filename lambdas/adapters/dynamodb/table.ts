import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ValidationError } from '../../errors';
import { retry } from '../../retry';
import {
  MAX_WRITES_PER_TRANSACTION,
  type Read,
  type ReadResults,
  type Reads,
  type Write,
} from '../../domain/unit-of-work';
import type { Database } from './document-client';

/**
 * Table access shared by the repositories: paginated queries, batches with retries of what DynamoDB leaves
 * unprocessed, and the one transaction helper every atomic write goes through. Key formats are not here; each
 * entity has its own module under `keys/`.
 */

export type TableKey = { PK: string; SK: string };
export type TableItem = Record<string, unknown>;
export type TransactionItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A repository's write is a transaction item; the domain holds it without looking inside. */
export const asWrite = (item: TransactionItem) => item as unknown as Write;
const asTransactionItem = (write: Write) => write as unknown as TransactionItem;

/**
 * A repository's read as `Repositories.read` makes it: the keys to fetch, and the answer made from what was
 * found (`found` gives the item of one of those keys, undefined when it is missing).
 */
export interface TableRead<T> {
  keys: TableKey[];
  answer(found: (key: TableKey) => TableItem | undefined): T;
}

/** A repository's read is a table read; the domain holds it without looking inside. */
export const asRead = <T>(read: TableRead<T>) => read as unknown as Read<T>;
const asTableRead = (read: Read<unknown>) => read as unknown as TableRead<unknown>;

const BATCH_WRITE_SIZE = 25;
const BATCH_GET_SIZE = 100;
const BATCH_ATTEMPTS = 8;

/** Some items of a batch were left unprocessed (throttling): the batch is sent again with only those. */
class UnprocessedItemsError extends Error {
  constructor(readonly operation: string) {
    super(`DynamoDB left items of a ${operation} unprocessed`);
    this.name = 'UnprocessedItemsError';
  }
}

/** Sends a batch until nothing is left unprocessed; `send` answers what is left of what it was given. */
async function sendBatch<T>(
  operation: string,
  items: T[],
  send: (pending: T[]) => Promise<T[]>,
): Promise<void> {
  let pending = items;
  await retry(
    async () => {
      pending = await send(pending);
      if (pending.length > 0) throw new UnprocessedItemsError(operation);
    },
    { attempts: BATCH_ATTEMPTS, retryable: (error) => error instanceof UnprocessedItemsError },
  );
}

/**
 * The condition of a write over an item read at `version`: still at that version, or still absent when it was
 * read as missing (version 0). A writer that got in between makes the write fail instead of being overwritten.
 */
export function versionCondition(version: number) {
  return version === 0
    ? { ConditionExpression: 'attribute_not_exists(PK)' }
    : { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': version } };
}

/**
 * Adds `change` to a counter item (`entity` names it) in a transaction. Removing never fails; adding fails the
 * transaction when the count would pass `limit`, which keeps a bound under concurrent requests.
 */
export function boundedCountWrite(
  database: Database,
  key: TableKey,
  entity: string,
  change: number,
  limit: number,
): Write {
  return asWrite({
    Update: {
      TableName: database.tableName,
      Key: key,
      UpdateExpression: 'SET #entity = :entity ADD #count :change',
      ...(change > 0
        ? {
            ConditionExpression: 'attribute_not_exists(#count) OR #count <= :room',
            ExpressionAttributeValues: { ':entity': entity, ':change': change, ':room': limit - change },
          }
        : { ExpressionAttributeValues: { ':entity': entity, ':change': change } }),
      ExpressionAttributeNames: { '#count': 'count', '#entity': 'entity' },
    },
  });
}

/** One item by its key, consistent unless said, made into what the repository answers; undefined when missing. */
export async function getItem<T>(
  database: Database,
  key: TableKey,
  fromItem: (item: TableItem) => T,
  { consistent = true }: { consistent?: boolean } = {},
): Promise<T | undefined> {
  const { Item } = await database.client.send(
    new GetCommand({ TableName: database.tableName, Key: key, ConsistentRead: consistent }),
  );
  return Item ? fromItem(Item) : undefined;
}

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
function partitionKeys(database: Database, partitionKey: string): Promise<TableKey[]> {
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
    await sendBatch('batch read', keys.slice(start, start + BATCH_GET_SIZE), async (pending: TableKey[]) => {
      const result = await database.client.send(
        new BatchGetCommand({
          RequestItems: { [database.tableName]: { Keys: pending, ConsistentRead: true } },
        }),
      );
      found.push(...(result.Responses?.[database.tableName] ?? []));
      return (result.UnprocessedKeys?.[database.tableName]?.Keys ?? []) as TableKey[];
    });
  }
  return found;
}

const keyText = (key: TableKey) => `${key.PK}\u0000${key.SK}`;

/** Makes the named reads with one BatchGetItem (one per 100 keys), consistent, and answers each by name. */
export async function readTogether<Named extends Reads>(
  database: Database,
  reads: Named,
): Promise<ReadResults<Named>> {
  const named = Object.entries(reads).flatMap(([name, read]) =>
    read ? [[name, asTableRead(read)] as const] : [],
  );
  // BatchGetItem refuses a key asked twice.
  const keys = new Map(named.flatMap(([, read]) => read.keys.map((key) => [keyText(key), key] as const)));
  const items = keys.size === 0 ? [] : await batchGetAll(database, [...keys.values()]);
  const found = new Map(items.map((item) => [keyText(item as TableKey), item]));
  const results: Record<string, unknown> = {};
  for (const [name, read] of named) results[name] = read.answer((key) => found.get(keyText(key)));
  return results as ReadResults<Named>;
}

/** Deletes the items 25 at a time, retrying with backoff whatever DynamoDB leaves unprocessed. */
export async function deleteItems(database: Database, keys: TableKey[]): Promise<void> {
  for (let start = 0; start < keys.length; start += BATCH_WRITE_SIZE) {
    await sendBatch(
      'batch delete',
      keys.slice(start, start + BATCH_WRITE_SIZE),
      async (pending: TableKey[]) => {
        const result = await database.client.send(
          new BatchWriteCommand({
            RequestItems: {
              [database.tableName]: pending.map((key) => ({
                DeleteRequest: { Key: { PK: key.PK, SK: key.SK } },
              })),
            },
          }),
        );
        return (result.UnprocessedItems?.[database.tableName] ?? []).flatMap((request) =>
          request.DeleteRequest?.Key ? [request.DeleteRequest.Key as TableKey] : [],
        );
      },
    );
  }
}

/** Empties a partition (or the items `include` picks): one Query for its keys, then batch deletes. */
export async function deletePartition(
  database: Database,
  partitionKey: string,
  include: (key: TableKey) => boolean = () => true,
): Promise<void> {
  await deleteItems(database, (await partitionKeys(database, partitionKey)).filter(include));
}

/** A transaction DynamoDB cancelled; `codes` gives each item's reason, in the order the items were sent. */
export class TransactionCancelledError extends Error {
  constructor(
    readonly codes: (string | undefined)[],
    message: string,
  ) {
    super(message);
    this.name = 'TransactionCancelledError';
  }

  /** The item at `index` was cancelled because its condition did not hold. */
  conditionFailedAt(index: number): boolean {
    return this.codes[index] === 'ConditionalCheckFailed';
  }

  /** Another transaction on the same items was in flight. */
  get collided(): boolean {
    return this.codes.includes('TransactionConflict');
  }
}

export interface TransactOptions {
  /**
   * How many times to send a transaction DynamoDB cancels for colliding with another on the same item
   * (a shared counter); 1, the default, leaves a collision to the caller like any other cancellation.
   */
  collisionAttempts?: number;
}

/** Writes the items all or none; a cancelled transaction throws `TransactionCancelledError`. */
export async function transactWrite(
  database: Database,
  items: readonly (TransactionItem | Write)[],
  { collisionAttempts = 1 }: TransactOptions = {},
): Promise<void> {
  if (items.length > MAX_WRITES_PER_TRANSACTION) {
    throw new ValidationError('This change touches too many items to be made at once.');
  }
  const transactItems = items.map((item) => asTransactionItem(item as Write));
  await retry(
    async () => {
      try {
        await database.client.send(new TransactWriteCommand({ TransactItems: transactItems }));
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        throw new TransactionCancelledError(
          (error.CancellationReasons ?? []).map((reason) => reason.Code),
          error.message,
        );
      }
    },
    {
      attempts: collisionAttempts,
      retryable: (error) => error instanceof TransactionCancelledError && error.collided,
      // Short and jittered: the other transaction holds the item only for the time of its own commit.
      delay: (attempt) => 25 * attempt + Math.random() * 25,
    },
  );
}
