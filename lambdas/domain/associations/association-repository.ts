import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { AssociationType } from '../../../shared/schemas/associations';
import { ConflictError } from '../../errors';
import type { Database } from '../../ports';
import { ownedStoryKey } from '../ownership';
import { queryAll, type TransactionItem } from '../table';

/** Associations live under their story's partition, so one Query lists them all. */
const storyPartition = (storyId: string) => `STORY#${storyId}`;
const ASSOCIATION_PREFIX = 'ASSOC#';
const associationKey = (storyId: string, associationId: string) => ({
  PK: storyPartition(storyId),
  SK: `${ASSOCIATION_PREFIX}${associationId}`,
});
/**
 * How many associations the story has. Every create and delete changes it in the same transaction as the
 * association item, so the free-tier limit can be a condition on it: two concurrent creates cannot both
 * pass the check. Its sort key does not start with `ASSOC#`, so the list Query never returns it.
 */
const associationCountKey = (storyId: string) => ({ PK: storyPartition(storyId), SK: 'ASSOCIATION_COUNT' });

/** The stored images of an uploaded portrait. */
export interface PortraitImages {
  key: string;
  thumbnailKey: string;
  /** Epoch milliseconds; the URL's cache-defeating date parameter. */
  uploadedAt: number;
}

export interface AssociationRecord {
  association_id: string;
  association_name: string;
  association_type: AssociationType;
  aliases: string;
  case_sensitive: boolean;
  short_description: string;
  extended_description: string;
  portrait?: PortraitImages;
  created_at: string;
  updated_at: string;
}

/** The fields an author edits; everything else changes only through its own operation. */
export type EditableAssociationFields = Pick<
  AssociationRecord,
  | 'association_name'
  | 'association_type'
  | 'aliases'
  | 'case_sensitive'
  | 'short_description'
  | 'extended_description'
>;

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
function toItem(
  storyId: string,
  record: Omit<AssociationRecord, 'portrait'>,
  creationOrder: number,
): AssociationItem {
  return { ...associationKey(storyId, record.association_id), ...record, creation_order: creationOrder };
}

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

/** DynamoDB cancels a transaction that collides with another on the same item; these are retried. */
const TRANSACTION_ATTEMPTS = 3;

function cancellationCodes(error: TransactionCanceledException): (string | undefined)[] {
  return (error.CancellationReasons ?? []).map((reason) => reason.Code);
}

export class AssociationRepository {
  constructor(private readonly database: Database) {}

  /** Oldest first, and those created together in the order they were sent: the matcher breaks ties by it. */
  async list(storyId: string): Promise<AssociationRecord[]> {
    const items = (await queryAll(this.database, {
      KeyConditionExpression: 'PK = :partition AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':partition': storyPartition(storyId), ':prefix': ASSOCIATION_PREFIX },
      ConsistentRead: true,
    })) as unknown as AssociationItem[];
    return items
      .sort(
        (a, b) =>
          a.created_at.localeCompare(b.created_at) ||
          a.creation_order - b.creation_order ||
          a.association_id.localeCompare(b.association_id),
      )
      .map(fromItem);
  }

  async get(storyId: string, associationId: string): Promise<AssociationRecord | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({
        TableName: this.database.tableName,
        Key: associationKey(storyId, associationId),
        ConsistentRead: true,
      }),
    );
    return Item ? fromItem(Item as AssociationItem) : undefined;
  }

  /**
   * Stores new associations of a story in one transaction, together with the count and a check that the
   * story still exists. With `limit`, nothing is stored when the story would then hold more than `limit`.
   */
  async create(
    owner: { userId: string; storyId: string },
    records: Omit<AssociationRecord, 'portrait'>[],
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
      await this.transact({
        TransactItems: [
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
              Item: toItem(owner.storyId, record, index),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          })),
        ],
      });
      return 'created';
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const [countCheck, storyCheck] = cancellationCodes(error);
      if (countCheck === 'ConditionalCheckFailed') return 'limit_reached';
      if (storyCheck === 'ConditionalCheckFailed') return 'story_missing';
      throw error;
    }
  }

  /** The stored association after the change, or undefined when it no longer exists. */
  async update(
    storyId: string,
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
          Key: associationKey(storyId, associationId),
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

  /**
   * Points the association at newly stored portrait images. Answers the images it pointed at before (to be
   * deleted), or `missing` when the association no longer exists.
   */
  async setPortrait(
    storyId: string,
    associationId: string,
    portrait: PortraitImages,
  ): Promise<{ previous: PortraitImages | undefined } | 'missing'> {
    try {
      const { Attributes } = await this.database.client.send(
        new UpdateCommand({
          TableName: this.database.tableName,
          Key: associationKey(storyId, associationId),
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

  /** Deletes the association and counts it out, atomically; one that is already gone is left as it is. */
  async delete(storyId: string, associationId: string): Promise<void> {
    try {
      await this.transact({
        TransactItems: [
          {
            Delete: {
              TableName: this.database.tableName,
              Key: associationKey(storyId, associationId),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          {
            Update: {
              TableName: this.database.tableName,
              Key: associationCountKey(storyId),
              UpdateExpression: 'ADD association_count :removed',
              ExpressionAttributeValues: { ':removed': -1 },
            },
          },
        ],
      });
    } catch (error) {
      const alreadyGone =
        error instanceof TransactionCanceledException &&
        cancellationCodes(error)[0] === 'ConditionalCheckFailed';
      if (!alreadyGone) throw error;
    }
  }

  /** The count item is shared by every write to a story's associations: collisions are retried briefly. */
  private async transact(input: TransactWriteCommandInput): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.database.client.send(new TransactWriteCommand(input));
        return;
      } catch (error) {
        const collided =
          error instanceof TransactionCanceledException &&
          cancellationCodes(error).includes('TransactionConflict');
        if (!collided) throw error;
        if (attempt === TRANSACTION_ATTEMPTS) {
          throw new ConflictError('Another change to these associations is in progress. Please try again.');
        }
        await new Promise((resolve) => setTimeout(resolve, 25 * attempt + Math.random() * 25));
      }
    }
  }
}
