import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { BlockOrder, BlockRepository, StoredBlock } from '../../domain/blocks/block-repository';
import type { Database } from './document-client';
import {
  BLOCK_SORT_KEY_PREFIX,
  blockKey,
  contentPartitionKey,
  ORDER_SORT_KEY,
  orderKey,
} from './keys/block-keys';
import {
  getItem,
  asRead,
  asWrite,
  batchGetAll,
  deletePartition,
  queryAll,
  type TableItem,
  versionCondition,
} from './table';

function orderFromItem(item: TableItem | undefined): BlockOrder {
  return {
    key_ids: (item?.key_ids as string[] | undefined) ?? [],
    version: (item?.version as number | undefined) ?? 0,
  };
}

const blockFromItem = (item: TableItem): StoredBlock => ({
  key_id: item.key_id as string,
  chunk: item.chunk as string,
  revision: (item.revision as number | undefined) ?? 0,
});

/** Keys per range of a whole chapter's read, and the most ranges read at once (a page of about 1 MB each). */
const KEYS_PER_RANGE = 500;
const PARALLEL_RANGES = 4;
/** Above every block's sort key (`#` + 1) and below the order's. */
const BLOCK_SORT_KEY_END = 'BLOCK$';

/** DynamoDB orders sort keys by their UTF-8 bytes; JavaScript's `<` by UTF-16 code units. */
const byBytes = (first: string, second: string) => Buffer.compare(Buffer.from(first), Buffer.from(second));

const blocksByKeyId = (items: TableItem[]) =>
  new Map(items.map((item) => [item.key_id as string, blockFromItem(item)]));

/** The condition that the block is still at `expectedRevision`; 0 also holds for a block stored before revisions. */
function revisionCondition(expectedRevision: number) {
  return expectedRevision === 0
    ? { ConditionExpression: 'attribute_not_exists(#revision)' }
    : {
        ConditionExpression: '#revision = :expected',
        ExpressionAttributeValues: { ':expected': expectedRevision },
      };
}

export class DynamoDbBlockRepository implements BlockRepository {
  constructor(private readonly database: Database) {}

  async getOrder(chapterId: string): Promise<BlockOrder> {
    return orderFromItem(await getItem(this.database, orderKey(chapterId), (item) => item));
  }

  getOrderRead(chapterId: string) {
    const key = orderKey(chapterId);
    return asRead({ keys: [key], answer: (found) => orderFromItem(found(key)) });
  }

  async readContent(chapterId: string): Promise<{ order: BlockOrder; blocks: Map<string, StoredBlock> }> {
    // The blocks and the order, and nothing after them in the partition (the chapter's versions' index).
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :chapter AND SK BETWEEN :firstBlock AND :order',
      ExpressionAttributeValues: {
        ':chapter': contentPartitionKey(chapterId),
        ':firstBlock': BLOCK_SORT_KEY_PREFIX,
        ':order': ORDER_SORT_KEY,
      },
      ConsistentRead: true,
    });
    const orderItem = items.find((item) => item.SK === ORDER_SORT_KEY);
    const blocks = new Map<string, StoredBlock>();
    for (const item of items) {
      if (item === orderItem) continue;
      const block = blockFromItem(item);
      blocks.set(block.key_id, block);
    }
    return { order: orderFromItem(orderItem), blocks };
  }

  async getBlocks(chapterId: string, keyIds: string[]): Promise<Map<string, StoredBlock>> {
    const items = await batchGetAll(
      this.database,
      keyIds.map((keyId) => blockKey(chapterId, keyId)),
    );
    return blocksByKeyId(items);
  }

  getBlocksRead(chapterId: string, keyIds: string[]) {
    const keys = keyIds.map((keyId) => blockKey(chapterId, keyId));
    return asRead({
      keys,
      answer: (found) =>
        blocksByKeyId(
          keys.flatMap((key) => {
            const item = found(key);
            return item ? [item] : [];
          }),
        ),
    });
  }

  async readBlocksUpTo(chapterId: string, keyIds: readonly string[], maxBytes: number) {
    // Ranges split at the order's keys, so each holds about as many blocks; the first and last reach the
    // partition's ends, so a block the order misses is read too. Bounds are inclusive: a bound's block may come
    // twice, and counts once.
    const sortKeys = keyIds.map((keyId) => blockKey(chapterId, keyId).SK).sort(byBytes);
    const ranges = Math.min(PARALLEL_RANGES, Math.ceil(sortKeys.length / KEYS_PER_RANGE)) || 1;
    const bounds = [
      BLOCK_SORT_KEY_PREFIX,
      ...Array.from(
        { length: ranges - 1 },
        (_, index) => sortKeys[Math.floor(((index + 1) * sortKeys.length) / ranges)]!,
      ),
      BLOCK_SORT_KEY_END,
    ];
    const blocks = new Map<string, StoredBlock>();
    let bytes = 0;
    await Promise.all(
      Array.from({ length: ranges }, async (_, range) => {
        let startKey: Record<string, unknown> | undefined;
        do {
          const page = await this.database.client.send(
            new QueryCommand({
              TableName: this.database.tableName,
              KeyConditionExpression: 'PK = :chapter AND SK BETWEEN :from AND :to',
              ExpressionAttributeValues: {
                ':chapter': contentPartitionKey(chapterId),
                ':from': bounds[range],
                ':to': bounds[range + 1],
              },
              ConsistentRead: true,
              ExclusiveStartKey: startKey,
            }),
          );
          for (const item of page.Items ?? []) {
            const block = blockFromItem(item);
            if (!blocks.has(block.key_id)) bytes += block.chunk.length;
            blocks.set(block.key_id, block);
          }
          startKey = page.LastEvaluatedKey;
        } while (startKey && bytes <= maxBytes);
      }),
    );
    return { blocks, complete: bytes <= maxBytes };
  }

  async listKeyIds(chapterId: string): Promise<string[]> {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :chapter AND begins_with(SK, :block)',
      ExpressionAttributeValues: {
        ':chapter': contentPartitionKey(chapterId),
        ':block': BLOCK_SORT_KEY_PREFIX,
      },
      ProjectionExpression: 'key_id',
      ConsistentRead: true,
    });
    return items.map((item) => item.key_id as string);
  }

  putBlockItem(
    chapterId: string,
    block: Omit<StoredBlock, 'revision'>,
    now: Date,
    expectedRevision?: number,
    { stillStored = false, exact = false }: { stillStored?: boolean; exact?: boolean } = {},
  ) {
    const stored = 'attribute_exists(PK)';
    if (expectedRevision === undefined) {
      return this.updateBlock(
        chapterId,
        block,
        now,
        stillStored ? { ConditionExpression: stored } : undefined,
      );
    }
    const condition = revisionCondition(expectedRevision);
    const revisionHolds = exact
      ? condition.ConditionExpression
      : `(${condition.ConditionExpression}) OR (#revision = :next AND #chunk = :chunk)`;
    return this.updateBlock(
      chapterId,
      block,
      now,
      {
        ConditionExpression: stillStored ? `${stored} AND (${revisionHolds})` : revisionHolds,
        ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ':next': expectedRevision + 1 },
      },
      expectedRevision + 1,
    );
  }

  replaceBlockItem(chapterId: string, block: Omit<StoredBlock, 'revision'>, chunkRead: string, now: Date) {
    return this.updateBlock(chapterId, block, now, {
      ConditionExpression: '#chunk = :chunkRead',
      ExpressionAttributeValues: { ':chunkRead': chunkRead },
    });
  }

  /**
   * An update rather than a put, so the revision is bumped in place whether or not the write is conditional;
   * a write checked against a revision sets the one after it, so repeating that write changes nothing.
   */
  private updateBlock(
    chapterId: string,
    block: Omit<StoredBlock, 'revision'>,
    now: Date,
    condition?: { ConditionExpression: string; ExpressionAttributeValues?: Record<string, unknown> },
    nextRevision?: number,
  ) {
    const fields = 'SET #entity = :entity, #key_id = :key_id, #chunk = :chunk, #updated_at = :now';
    return asWrite({
      Update: {
        TableName: this.database.tableName,
        Key: blockKey(chapterId, block.key_id),
        UpdateExpression:
          nextRevision === undefined ? `${fields} ADD #revision :one` : `${fields}, #revision = :next`,
        ExpressionAttributeNames: {
          '#entity': 'entity',
          '#key_id': 'key_id',
          '#chunk': 'chunk',
          '#updated_at': 'updated_at',
          '#revision': 'revision',
        },
        ...(condition && { ConditionExpression: condition.ConditionExpression }),
        ExpressionAttributeValues: {
          ':entity': 'block',
          ':key_id': block.key_id,
          ':chunk': block.chunk,
          ':now': now.toISOString(),
          ...(nextRevision === undefined ? { ':one': 1 } : {}),
          ...condition?.ExpressionAttributeValues,
        },
      },
    });
  }

  deleteBlockItem(
    chapterId: string,
    keyId: string,
    expectedRevision?: number,
    { exact = false }: { exact?: boolean } = {},
  ) {
    const key = blockKey(chapterId, keyId);
    if (expectedRevision === undefined) {
      return asWrite({ Delete: { TableName: this.database.tableName, Key: key } });
    }
    const condition = revisionCondition(expectedRevision);
    return asWrite({
      Delete: {
        TableName: this.database.tableName,
        Key: key,
        // Deleting what is already gone is no conflict: a delete repeated after a lost answer succeeds.
        ConditionExpression: exact
          ? `attribute_exists(PK) AND (${condition.ConditionExpression})`
          : `attribute_not_exists(PK) OR ${condition.ConditionExpression}`,
        ExpressionAttributeNames: { '#revision': 'revision' },
        ...(condition.ExpressionAttributeValues && {
          ExpressionAttributeValues: condition.ExpressionAttributeValues,
        }),
      },
    });
  }

  saveOrderItem(chapterId: string, order: BlockOrder, keyIds: string[]) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: { ...orderKey(chapterId), entity: 'block-order', key_ids: keyIds, version: order.version + 1 },
        ...versionCondition(order.version),
      },
    });
  }

  deleteContent(chapterId: string): Promise<void> {
    return deletePartition(this.database, contentPartitionKey(chapterId));
  }
}
