import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { OutlineSection } from '../../../shared/schemas/outline';
import type { OutlineRepository, StoredOutline } from '../../domain/outline/outline-repository';
import type { Database } from './document-client';
import { outlineKey } from './keys/outline-keys';
import { asWrite, versionCondition } from './table';

export class DynamoDbOutlineRepository implements OutlineRepository {
  constructor(private readonly database: Database) {}

  async get(storyId: string): Promise<StoredOutline> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: outlineKey(storyId), ConsistentRead: true }),
    );
    return Item
      ? { sections: Item.sections as OutlineSection[], version: Item.version as number }
      : { sections: [], version: 0 };
  }

  saveItem(storyId: string, read: StoredOutline, sections: OutlineSection[], now: Date) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: {
          ...outlineKey(storyId),
          entity: 'outline',
          sections,
          version: read.version + 1,
          updated_at: now.toISOString(),
        },
        ...versionCondition(read.version),
      },
    });
  }
}
