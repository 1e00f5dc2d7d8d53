import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { VersionRecord, VersionRepository } from '../../domain/versions/version-repository';
import type { Database } from './document-client';
import { contentPartitionKey } from './keys/block-keys';
import { VERSION_SORT_KEY_PREFIX, versionKey } from './keys/version-keys';
import { deleteItems, queryAll, type TableItem, type TableKey } from './table';

function fromItem(item: TableItem): VersionRecord {
  return {
    version_id: item.version_id as string,
    chapter_id: item.chapter_id as string,
    kind: item.kind as VersionRecord['kind'],
    name: (item.name as string | undefined) ?? null,
    created_at: item.created_at as string,
    words: item.words as number,
    fingerprint: item.fingerprint as string,
  };
}

const versionsOf = (chapterId: string) => ({
  KeyConditionExpression: 'PK = :chapter AND begins_with(SK, :version)',
  ExpressionAttributeValues: {
    ':chapter': contentPartitionKey(chapterId),
    ':version': VERSION_SORT_KEY_PREFIX,
  },
});

export class DynamoDbVersionRepository implements VersionRepository {
  constructor(private readonly database: Database) {}

  async list(chapterId: string): Promise<VersionRecord[]> {
    const items = await queryAll(this.database, {
      ...versionsOf(chapterId),
      ScanIndexForward: false,
      ConsistentRead: true,
    });
    return items.map(fromItem);
  }

  async latest(chapterId: string): Promise<VersionRecord | undefined> {
    const { Items } = await this.database.client.send(
      new QueryCommand({
        TableName: this.database.tableName,
        ...versionsOf(chapterId),
        ScanIndexForward: false,
        Limit: 1,
        ConsistentRead: true,
      }),
    );
    const item = Items?.[0];
    return item ? fromItem(item) : undefined;
  }

  async get(chapterId: string, versionId: string): Promise<VersionRecord | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: versionKey(chapterId, versionId) }),
    );
    return Item ? fromItem(Item) : undefined;
  }

  async put(version: VersionRecord): Promise<void> {
    await this.database.client.send(
      new PutCommand({
        TableName: this.database.tableName,
        Item: {
          ...versionKey(version.chapter_id, version.version_id),
          entity: 'version',
          ...version,
        },
      }),
    );
  }

  async delete(chapterId: string, versionIds: readonly string[]): Promise<void> {
    await deleteItems(
      this.database,
      versionIds.map((versionId) => versionKey(chapterId, versionId)),
    );
  }

  async deleteAll(chapterId: string): Promise<void> {
    const keys = await queryAll(this.database, {
      ...versionsOf(chapterId),
      ProjectionExpression: 'PK, SK',
      ConsistentRead: true,
    });
    await deleteItems(this.database, keys as TableKey[]);
  }
}
