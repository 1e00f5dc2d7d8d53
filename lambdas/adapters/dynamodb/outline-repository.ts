import type { OutlineSection } from '../../../shared/schemas/outline';
import type { OutlineRepository, StoredOutline } from '../../domain/outline/outline-repository';
import type { Database } from './document-client';
import { outlineKey } from './keys/outline-keys';
import { asWrite, getItem, versionCondition } from './table';

export class DynamoDbOutlineRepository implements OutlineRepository {
  constructor(private readonly database: Database) {}

  async get(storyId: string): Promise<StoredOutline> {
    const stored = await getItem(this.database, outlineKey(storyId), (item) => ({
      sections: item.sections as OutlineSection[],
      version: item.version as number,
    }));
    return stored ?? { sections: [], version: 0 };
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
