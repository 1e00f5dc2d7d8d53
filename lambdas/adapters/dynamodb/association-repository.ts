import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  AssociationHome,
  AssociationRecord,
  AssociationRepository,
  EditableAssociationFields,
  NewAssociationRecord,
  PortraitImages,
} from '../../domain/associations/association-repository';
import { ConflictError } from '../../errors';
import type { Database } from './document-client';
import {
  ASSOCIATION_SORT_KEY_PREFIX,
  associationCountKey,
  associationKey,
  associationPartitionKey,
} from './keys/association-keys';
import { ownedStoryKey } from './keys/story-keys';
import {
  asWrite,
  batchGetAll,
  getItem,
  queryAll,
  TransactionCancelledError,
  type TransactionItem,
  transactWrite,
} from './table';

interface AssociationItem extends Omit<AssociationRecord, 'portrait'> {
  PK: string;
  SK: string;
  /** Position in the create request, ordering associations created in the same millisecond. */
  creation_order: number;
  portrait_key?: string;
  thumbnail_key?: string;
  portrait_uploaded_at?: number;
}

/** New associations have no portrait yet: it is set by `setPortrait` after an upload. */
function toItem(home: AssociationHome, record: NewAssociationRecord, creationOrder: number): AssociationItem {
  return { ...associationKey(home, record.association_id), ...record, creation_order: creationOrder };
}

/** A stored association moved or copied to another home, its portrait with it. */
function movedItem(home: AssociationHome, record: AssociationRecord): AssociationItem {
  const { portrait, ...fields } = record;
  return {
    ...toItem(home, fields, 0),
    ...(portrait
      ? {
          portrait_key: portrait.key,
          thumbnail_key: portrait.thumbnailKey,
          portrait_uploaded_at: portrait.uploadedAt,
        }
      : {}),
  };
}

const byCreation = (a: AssociationItem, b: AssociationItem) =>
  a.created_at.localeCompare(b.created_at) ||
  a.creation_order - b.creation_order ||
  a.association_id.localeCompare(b.association_id);

function portraitOf(item: Partial<AssociationItem>): PortraitImages | undefined {
  if (!item.portrait_key || !item.thumbnail_key || item.portrait_uploaded_at === undefined) return undefined;
  return { key: item.portrait_key, thumbnailKey: item.thumbnail_key, uploadedAt: item.portrait_uploaded_at };
}

function fromItem(item: AssociationItem): AssociationRecord {
  const portrait = portraitOf(item);
  return {
    association_id: item.association_id,
    association_name: item.association_name,
    association_type: item.association_type,
    aliases: item.aliases,
    case_sensitive: item.case_sensitive,
    short_description: item.short_description,
    extended_description: item.extended_description,
    ...(portrait ? { portrait } : {}),
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/** The count item is shared by every write to a story's associations: collisions are retried briefly. */
const COLLISION_ATTEMPTS = 3;

const collisionConflict = () =>
  new ConflictError('Another change to these associations is in progress. Please try again.');

export class DynamoDbAssociationRepository implements AssociationRepository {
  constructor(private readonly database: Database) {}

  list(storyId: string): Promise<AssociationRecord[]> {
    return this.listIn({ storyId });
  }

  listShared(seriesId: string): Promise<AssociationRecord[]> {
    return this.listIn({ seriesId });
  }

  private async listIn(home: AssociationHome): Promise<AssociationRecord[]> {
    const items = (await queryAll(this.database, {
      KeyConditionExpression: 'PK = :partition AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':partition': associationPartitionKey(home),
        ':prefix': ASSOCIATION_SORT_KEY_PREFIX,
      },
      ConsistentRead: true,
    })) as unknown as AssociationItem[];
    return items.sort(byCreation).map(fromItem);
  }

  async get(home: AssociationHome, associationId: string): Promise<AssociationRecord | undefined> {
    return getItem(this.database, associationKey(home, associationId), (item) =>
      fromItem(item as unknown as AssociationItem),
    );
  }

  async ownCounts(storyIds: readonly string[]): Promise<Map<string, number>> {
    const items = await batchGetAll(this.database, storyIds.map(associationCountKey));
    const countByPartition = new Map(items.map((item) => [item.PK, item.association_count as number]));
    return new Map(
      storyIds.map((storyId) => [storyId, countByPartition.get(associationCountKey(storyId).PK) ?? 0]),
    );
  }

  async create(
    owner: { userId: string; storyId: string },
    records: NewAssociationRecord[],
    limit: number | undefined,
  ): Promise<'created' | 'limit_reached' | 'story_missing'> {
    const { tableName } = this.database;
    const countUpdate: TransactionItem = {
      Update: {
        TableName: tableName,
        Key: associationCountKey(owner.storyId),
        UpdateExpression: 'ADD association_count :added',
        ExpressionAttributeValues: {
          ':added': records.length,
          ...(limit === undefined ? {} : { ':most': limit - records.length }),
        },
        ...(limit === undefined
          ? {}
          : { ConditionExpression: 'attribute_not_exists(association_count) OR association_count <= :most' }),
      },
    };
    try {
      await transactWrite(
        this.database,
        [
          countUpdate,
          {
            ConditionCheck: {
              TableName: tableName,
              Key: ownedStoryKey(owner.userId, owner.storyId),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          ...records.map((record, index) => ({
            Put: {
              TableName: tableName,
              Item: toItem({ storyId: owner.storyId }, record, index),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          })),
        ],
        { collisionAttempts: COLLISION_ATTEMPTS },
      );
      return 'created';
    } catch (error) {
      if (!(error instanceof TransactionCancelledError)) throw error;
      if (error.collided) throw collisionConflict();
      if (error.conditionFailedAt(0)) return 'limit_reached';
      if (error.conditionFailedAt(1)) return 'story_missing';
      throw error;
    }
  }

  async update(
    home: AssociationHome,
    associationId: string,
    fields: EditableAssociationFields,
    now: Date,
  ): Promise<AssociationRecord | undefined> {
    const assignments = { ...fields, updated_at: now.toISOString() };
    const names = Object.keys(assignments);
    try {
      const { Attributes } = await this.database.client.send(
        new UpdateCommand({
          TableName: this.database.tableName,
          Key: associationKey(home, associationId),
          UpdateExpression: `SET ${names.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#f${index}`, name])),
          ExpressionAttributeValues: Object.fromEntries(
            names.map((name, index) => [`:v${index}`, assignments[name as keyof typeof assignments]]),
          ),
          ConditionExpression: 'attribute_exists(PK)',
          ReturnValues: 'ALL_NEW',
        }),
      );
      return fromItem(Attributes as AssociationItem);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  async setPortrait(
    home: AssociationHome,
    associationId: string,
    portrait: PortraitImages,
  ): Promise<{ previous: PortraitImages | undefined } | 'missing'> {
    try {
      const { Attributes } = await this.database.client.send(
        new UpdateCommand({
          TableName: this.database.tableName,
          Key: associationKey(home, associationId),
          UpdateExpression:
            'SET portrait_key = :key, thumbnail_key = :thumbnailKey, portrait_uploaded_at = :uploadedAt, updated_at = :now',
          ExpressionAttributeValues: {
            ':key': portrait.key,
            ':thumbnailKey': portrait.thumbnailKey,
            ':uploadedAt': portrait.uploadedAt,
            ':now': new Date(portrait.uploadedAt).toISOString(),
          },
          ConditionExpression: 'attribute_exists(PK)',
          ReturnValues: 'ALL_OLD',
        }),
      );
      return { previous: portraitOf((Attributes ?? {}) as Partial<AssociationItem>) };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return 'missing';
      throw error;
    }
  }

  async delete(home: AssociationHome, associationId: string): Promise<void> {
    const deletion: TransactionItem = {
      Delete: {
        TableName: this.database.tableName,
        Key: associationKey(home, associationId),
        ConditionExpression: 'attribute_exists(PK)',
      },
    };
    try {
      await transactWrite(
        this.database,
        'storyId' in home ? [deletion, this.countChange(home.storyId, -1)] : [deletion],
        { collisionAttempts: COLLISION_ATTEMPTS },
      );
    } catch (error) {
      if (!(error instanceof TransactionCancelledError)) throw error;
      if (error.collided) throw collisionConflict();
      if (!error.conditionFailedAt(0)) throw error;
    }
  }

  shareItems(storyId: string, seriesId: string, record: AssociationRecord) {
    return [
      this.removal({ storyId }, record.association_id),
      asWrite(this.countChange(storyId, -1)),
      this.placement({ seriesId }, record),
    ];
  }

  unshareItems(seriesId: string, storyId: string, record: AssociationRecord) {
    return [
      this.removal({ seriesId }, record.association_id),
      this.placement({ storyId }, record),
      asWrite(this.countChange(storyId, 1)),
    ];
  }

  copyIntoStoryItems(storyId: string, records: readonly AssociationRecord[]) {
    if (records.length === 0) return [];
    return [
      ...records.map((record) => this.placement({ storyId }, record)),
      asWrite(this.countChange(storyId, records.length)),
    ];
  }

  deleteSharedItems(seriesId: string, records: readonly AssociationRecord[]) {
    return records.map((record) =>
      asWrite({
        Delete: {
          TableName: this.database.tableName,
          Key: associationKey({ seriesId }, record.association_id),
        },
      }),
    );
  }

  ownCountAtMostCondition(storyId: string, most: number) {
    return asWrite({
      ConditionCheck: {
        TableName: this.database.tableName,
        Key: associationCountKey(storyId),
        ConditionExpression: 'attribute_not_exists(association_count) OR association_count <= :most',
        ExpressionAttributeValues: { ':most': most },
      },
    });
  }

  private countChange(storyId: string, change: number): TransactionItem {
    return {
      Update: {
        TableName: this.database.tableName,
        Key: associationCountKey(storyId),
        UpdateExpression: 'ADD association_count :change',
        ExpressionAttributeValues: { ':change': change },
      },
    };
  }

  private removal(home: AssociationHome, associationId: string) {
    return asWrite({
      Delete: {
        TableName: this.database.tableName,
        Key: associationKey(home, associationId),
        ConditionExpression: 'attribute_exists(PK)',
      },
    });
  }

  private placement(home: AssociationHome, record: AssociationRecord) {
    return asWrite({ Put: { TableName: this.database.tableName, Item: movedItem(home, record) } });
  }
}
