import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Database } from '../../ports';
import { partitionKeys, queryAll, type TableKey, type TransactionItem } from '../table';

/**
 * A chapter's content, in the chapter's own partition `CHAPTER#<cid>`: one item per paragraph
 * (`BLOCK#<key_id>`: the chunk as the editor saved it) and one order item (`ORDER`: every key_id in reading
 * order, versioned). Saving a paragraph writes its block item; moving paragraphs writes the order item
 * only; the order is bounded (MAX_BLOCKS_PER_CHAPTER ids) to stay inside DynamoDB's 400 KB item limit.
 */
const contentPartitionKey = (chapterId: string) => `CHAPTER#${chapterId}`;
const blockKey = (chapterId: string, keyId: string) => ({
  PK: contentPartitionKey(chapterId),
  SK: `BLOCK#${keyId}`,
});
const orderKey = (chapterId: string) => ({ PK: contentPartitionKey(chapterId), SK: 'ORDER' });

export interface StoredBlock {
  key_id: string;
  chunk: string;
}

export interface BlockOrder {
  key_ids: string[];
  /** The version read; 0 when the chapter has no order item. */
  version: number;
}

export class BlockRepository {
  constructor(private readonly database: Database) {}

  async getOrder(chapterId: string): Promise<BlockOrder> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: orderKey(chapterId), ConsistentRead: true }),
    );
    return {
      key_ids: (Item?.key_ids as string[] | undefined) ?? [],
      version: (Item?.version as number) ?? 0,
    };
  }

  /** The chapter's order and every stored block, in one Query of its partition. */
  async readContent(chapterId: string): Promise<{ order: BlockOrder; blocks: Map<string, StoredBlock> }> {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :chapter',
      ExpressionAttributeValues: { ':chapter': contentPartitionKey(chapterId) },
      ConsistentRead: true,
    });
    const orderItem = items.find((item) => item.SK === 'ORDER');
    const blocks = new Map<string, StoredBlock>();
    for (const item of items) {
      if (item === orderItem) continue;
      blocks.set(item.key_id as string, { key_id: item.key_id as string, chunk: item.chunk as string });
    }
    return {
      order: {
        key_ids: (orderItem?.key_ids as string[] | undefined) ?? [],
        version: (orderItem?.version as number | undefined) ?? 0,
      },
      blocks,
    };
  }

  putBlockItem(chapterId: string, block: StoredBlock, now: Date): TransactionItem {
    return {
      Put: {
        TableName: this.database.tableName,
        Item: {
          ...blockKey(chapterId, block.key_id),
          entity: 'block',
          ...block,
          updated_at: now.toISOString(),
        },
      },
    };
  }

  deleteBlockItem(chapterId: string, keyId: string): TransactionItem {
    return { Delete: { TableName: this.database.tableName, Key: blockKey(chapterId, keyId) } };
  }

  /** Writes the order, if it is still at the version it was read at (still absent, for version 0). */
  saveOrderItem(chapterId: string, order: BlockOrder, keyIds: string[]): TransactionItem {
    return {
      Put: {
        TableName: this.database.tableName,
        Item: { ...orderKey(chapterId), entity: 'block-order', key_ids: keyIds, version: order.version + 1 },
        ...(order.version === 0
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : {
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': order.version },
            }),
      },
    };
  }

  contentKeys(chapterId: string): Promise<TableKey[]> {
    return partitionKeys(this.database, contentPartitionKey(chapterId));
  }
}
