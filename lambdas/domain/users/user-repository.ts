import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '../../../shared/schemas/user';
import type { Database, SignedInIdentity } from '../../ports';

const userKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' });
const identityKey = (issuer: string, subject: string) => ({
  PK: `IDENTITY#${issuer}#${subject}`,
  SK: 'IDENTITY',
});

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
  };
}

export class UserRepository {
  constructor(private readonly database: Database) {}

  async get(userId: string): Promise<User | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: userKey(userId) }),
    );
    return Item ? fromItem(Item as UserItem) : undefined;
  }

  /**
   * The user an identity belongs to, created on first sign-in on the free plan. The identity link and the
   * profile are written in one transaction, so a half-created user cannot exist; two concurrent first
   * sign-ins resolve to the same user.
   */
  async findOrCreateByIdentity(identity: SignedInIdentity, now: Date): Promise<string> {
    const existing = await this.findUserIdByIdentity(identity);
    if (existing) return existing;

    const userId = randomUUID();
    const profile: UserItem = {
      ...userKey(userId),
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
    try {
      await this.database.client.send(
        new TransactWriteCommand({
          TransactItems: [
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
                Item: profile,
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
      return userId;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const winner = await this.findUserIdByIdentity(identity);
      if (!winner) throw error;
      return winner;
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
