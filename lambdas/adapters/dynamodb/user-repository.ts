import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UserPreferences } from '../../../shared/schemas/billing';
import type { ThemePreference, User } from '../../../shared/schemas/user';
import type { UserRepository } from '../../domain/users/user-repository';
import type { SignedInIdentity } from '../../ports';
import type { Database } from './document-client';
import { identityKey, userProfileKey } from './keys/user-keys';
import { TransactionCancelledError, transactWrite } from './table';

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
    return Item ? fromItem(Item as UserItem) : undefined;
  }

  async findOrCreateByIdentity(identity: SignedInIdentity, now: Date): Promise<string> {
    const existing = await this.findUserIdByIdentity(identity);
    if (existing) return existing;

    const userId = randomUUID();
    try {
      await transactWrite(this.database, [
        {
          Put: {
            TableName: this.database.tableName,
            Item: { ...identityKey(identity.issuer, identity.subject), userId },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: this.database.tableName,
            Item: newProfileItem(userId, identity, now),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ]);
      return userId;
    } catch (error) {
      if (!(error instanceof TransactionCancelledError)) throw error;
      const winner = await this.findUserIdByIdentity(identity);
      if (!winner) throw error;
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
