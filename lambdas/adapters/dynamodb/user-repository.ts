import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UserPreferences } from '../../../shared/schemas/billing';
import type { ThemePreference, User } from '../../../shared/schemas/user';
import type { UserRepository } from '../../domain/users/user-repository';
import type { SignedInIdentity } from '../../domain/auth/identity';
import type { Database } from './document-client';
import {
  IDENTITY_KEY_PREFIX,
  identityKey,
  identityKeyOfListing,
  userIdentityKey,
  userPartitionKey,
  userProfileKey,
} from './keys/user-keys';
import {
  asRead,
  deletePartition,
  queryAll,
  type TableItem,
  TransactionCancelledError,
  transactWrite,
} from './table';

interface UserItem {
  PK: string;
  SK: string;
  userId: string;
  customer_id: string;
  subscription_id: string;
  renewing: boolean;
  expired: boolean;
  expires_at: string;
  name?: string;
  email?: string;
  theme?: ThemePreference;
  daily_goal?: number;
  time_zone?: string;
  /** Set when the author asked to delete the account; the account-deletion worker then removes the partition. */
  deleted_at?: string;
  createdAt: string;
}

function fromItem(item: UserItem): User {
  return {
    customer_id: item.customer_id,
    subscription_id: item.subscription_id,
    renewing: item.renewing,
    expired: item.expired,
    expires_at: item.expires_at,
    ...(item.name ? { name: item.name } : {}),
    ...(item.email ? { email: item.email } : {}),
    ...(item.theme ? { theme: item.theme } : {}),
    ...(typeof item.daily_goal === 'number' ? { daily_goal: item.daily_goal } : {}),
    ...(item.time_zone ? { time_zone: item.time_zone } : {}),
  };
}

/** The profile, unless the account is being deleted. */
const liveProfile = (item: TableItem | undefined) =>
  item && !item.deleted_at ? fromItem(item as unknown as UserItem) : undefined;

/** A new author's profile: the free plan. */
function newProfileItem(userId: string, identity: SignedInIdentity, now: Date): UserItem {
  return {
    ...userProfileKey(userId),
    userId,
    customer_id: '',
    subscription_id: '',
    renewing: false,
    expired: false,
    expires_at: '',
    ...(identity.name ? { name: identity.name } : {}),
    ...(identity.email ? { email: identity.email } : {}),
    createdAt: now.toISOString(),
  };
}

export class DynamoDbUserRepository implements UserRepository {
  constructor(private readonly database: Database) {}

  async get(userId: string): Promise<User | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: userProfileKey(userId) }),
    );
    return liveProfile(Item);
  }

  getRead(userId: string) {
    const key = userProfileKey(userId);
    return asRead({ keys: [key], answer: (found) => liveProfile(found(key)) });
  }

  async findOrCreateByIdentity(identity: SignedInIdentity, now: Date): Promise<string> {
    const existing = await this.findUserIdByIdentity(identity);
    if (existing && (await this.isLive(existing))) {
      // Lists the link under its author for accounts made before links were listed (one small put a sign-in).
      await this.database.client.send(
        new PutCommand({
          TableName: this.database.tableName,
          Item: this.identityListing(existing, identity),
        }),
      );
      return existing;
    }

    const userId = randomUUID();
    try {
      await transactWrite(this.database, [
        {
          Put: {
            TableName: this.database.tableName,
            Item: { ...identityKey(identity.issuer, identity.subject), userId },
            // A deleted account's link is taken over by the fresh account, unless another sign-in did first.
            ...(existing
              ? {
                  ConditionExpression: 'userId = :deleted',
                  ExpressionAttributeValues: { ':deleted': existing },
                }
              : { ConditionExpression: 'attribute_not_exists(PK)' }),
          },
        },
        {
          Put: {
            TableName: this.database.tableName,
            Item: newProfileItem(userId, identity, now),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        { Put: { TableName: this.database.tableName, Item: this.identityListing(userId, identity) } },
      ]);
      return userId;
    } catch (error) {
      if (!(error instanceof TransactionCancelledError)) throw error;
      const winner = await this.findUserIdByIdentity(identity);
      if (!winner || winner === existing) throw error;
      return winner;
    }
  }

  async updatePreferences(userId: string, preferences: UserPreferences, now: Date): Promise<boolean> {
    const set = ['#updated_at = :now'];
    const remove: string[] = [];
    const names: Record<string, string> = { '#updated_at': 'updated_at' };
    const values: Record<string, unknown> = { ':now': now.toISOString() };
    for (const [field, value] of Object.entries(preferences)) {
      if (value === undefined) continue;
      names[`#${field}`] = field;
      if (value === null) remove.push(`#${field}`);
      else {
        set.push(`#${field} = :${field}`);
        values[`:${field}`] = value;
      }
    }
    try {
      await this.database.client.send(
        new UpdateCommand({
          TableName: this.database.tableName,
          Key: userProfileKey(userId),
          UpdateExpression: `SET ${set.join(', ')}${remove.length > 0 ? ` REMOVE ${remove.join(', ')}` : ''}`,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async markDeleted(userId: string, now: Date): Promise<void> {
    await this.database.client.send(
      new UpdateCommand({
        TableName: this.database.tableName,
        Key: userProfileKey(userId),
        UpdateExpression: 'SET deleted_at = if_not_exists(deleted_at, :now)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    );
  }

  async deleteIdentityLinks(userId: string): Promise<void> {
    const listings = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :owner AND begins_with(SK, :identity)',
      ExpressionAttributeValues: { ':owner': userPartitionKey(userId), ':identity': IDENTITY_KEY_PREFIX },
      ProjectionExpression: 'PK, SK',
      ConsistentRead: true,
    });
    for (const listing of listings) {
      try {
        await this.database.client.send(
          new DeleteCommand({
            TableName: this.database.tableName,
            Key: identityKeyOfListing(listing.SK as string),
            // A link a fresh account has taken over (signed in again) is that account's now.
            ConditionExpression: 'attribute_not_exists(PK) OR userId = :owner',
            ExpressionAttributeValues: { ':owner': userId },
          }),
        );
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
  }

  deletePartition(userId: string): Promise<void> {
    return deletePartition(this.database, userPartitionKey(userId));
  }

  /** Whether the author's profile exists and is not being deleted. */
  private async isLive(userId: string): Promise<boolean> {
    const { Item } = await this.database.client.send(
      new GetCommand({
        TableName: this.database.tableName,
        Key: userProfileKey(userId),
        ProjectionExpression: 'PK, deleted_at',
        ConsistentRead: true,
      }),
    );
    return Item !== undefined && !Item.deleted_at;
  }

  private identityListing(userId: string, identity: SignedInIdentity) {
    return userIdentityKey(userId, identityKey(identity.issuer, identity.subject).PK);
  }

  private async findUserIdByIdentity(identity: SignedInIdentity): Promise<string | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({
        TableName: this.database.tableName,
        Key: identityKey(identity.issuer, identity.subject),
        ConsistentRead: true,
      }),
    );
    return Item ? (Item.userId as string) : undefined;
  }
}
