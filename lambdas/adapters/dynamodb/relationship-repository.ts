import type { Relationship } from '../../../shared/schemas/relationships';
import type {
  RelationshipRepository,
  StoredRelationships,
} from '../../domain/relationships/relationship-repository';
import type { Database } from './document-client';
import { relationshipsKey } from './keys/relationship-keys';
import { asWrite, getItem, versionCondition } from './table';

export class DynamoDbRelationshipRepository implements RelationshipRepository {
  constructor(private readonly database: Database) {}

  async get(storyId: string): Promise<StoredRelationships> {
    const stored = await getItem(this.database, relationshipsKey(storyId), (item) => ({
      relationships: item.relationships as Relationship[],
      version: item.version as number,
    }));
    return stored ?? { relationships: [], version: 0 };
  }

  saveItem(storyId: string, read: StoredRelationships, relationships: Relationship[], now: Date) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: {
          ...relationshipsKey(storyId),
          entity: 'relationships',
          relationships,
          version: read.version + 1,
          updated_at: now.toISOString(),
        },
        ...versionCondition(read.version),
      },
    });
  }
}
