import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { BlockOrder, BlockRepository, StoredBlock } from '../../domain/blocks/block-repository';
import type { Database } from './document-client';
import { blockKey, contentPartitionKey, ORDER_SORT_KEY, orderKey } from './keys/block-keys';
import { asWrite, deletePartition, queryAll, type TableItem } from './table';

function orderFromItem(item: TableItem | undefined): BlockOrder {
  return {
    key_ids: (item?.key_ids as string[] | undefined) ?? [],
    version: (item?.version as number | undefined) ?? 0,
  };
}

const blockFromItem = (item: TableItem): StoredBlock => ({
  key_id: item.key_id as string,
  chunk: item.chunk as string,
});

export class DynamoDbBlockRepository implements BlockRepository {
  constructor(private readonly database: Database) {}

  async getOrder(chapterId: string): Promise<BlockOrder> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: orderKey(chapterId), ConsistentRead: true }),
    );
    return orderFromItem(Item);
  }

  async readContent(chapterId: string): Promise<{ order: BlockOrder; blocks: Map<string, StoredBlock> }> {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :chapter',
      ExpressionAttributeValues: { ':chapter': contentPartitionKey(chapterId) },
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

  putBlockItem(chapterId: string, block: StoredBlock, now: Date) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: {
          ...blockKey(chapterId, block.key_id),
          entity: 'block',
          ...block,
          updated_at: now.toISOString(),
        },
      },
    });
  }

  replaceBlockItem(chapterId: string, block: StoredBlock, chunkRead: string, now: Date) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: {
          ...blockKey(chapterId, block.key_id),
          entity: 'block',
          ...block,
          updated_at: now.toISOString(),
        },
        ConditionExpression: 'chunk = :chunkRead',
        ExpressionAttributeValues: { ':chunkRead': chunkRead },
      },
    });
  }

  deleteBlockItem(chapterId: string, keyId: string) {
    return asWrite({ Delete: { TableName: this.database.tableName, Key: blockKey(chapterId, keyId) } });
  }

  saveOrderItem(chapterId: string, order: BlockOrder, keyIds: string[]) {
    return asWrite({
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
    });
  }

  deleteContent(chapterId: string): Promise<void> {
    return deletePartition(this.database, contentPartitionKey(chapterId));
  }
}
