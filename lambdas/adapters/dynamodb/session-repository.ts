import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Session, SessionRepository } from '../../domain/auth/session-repository';
import type { Database } from './document-client';
import { SESSION_KEY_PREFIX, sessionKey, sessionKeyOfListing, userSessionKey } from './keys/session-keys';
import { userPartitionKey } from './keys/user-keys';
import { deleteItems, queryAll, transactWrite } from './table';

/**
 * DynamoDB removes expired sessions by their `ttl` (epoch seconds), lazily; `find` checks expiry too. Each
 * session is also listed under its author with the same `ttl`, written and deleted with it.
 */
export class DynamoDbSessionRepository implements SessionRepository {
  constructor(private readonly database: Database) {}

  async create(sessionId: string, session: Omit<Session, 'listedUnderUser'>, now: Date): Promise<void> {
    const key = sessionKey(sessionId);
    const ttl = Math.floor(session.expiresAt.getTime() / 1000);
    await transactWrite(this.database, [
      {
        Put: {
          TableName: this.database.tableName,
          Item: { ...key, userId: session.userId, createdAt: now.toISOString(), listed: true, ttl },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: this.database.tableName,
          Item: { ...userSessionKey(session.userId, key.PK), ttl },
        },
      },
    ]);
  }

  async find(sessionId: string, now: Date): Promise<Session | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: sessionKey(sessionId) }),
    );
    if (!Item) return undefined;
    const expiresAt = new Date((Item.ttl as number) * 1000);
    if (expiresAt <= now) return undefined;
    return { userId: Item.userId as string, expiresAt, listedUnderUser: Item.listed === true };
  }

  async revoke(sessionId: string): Promise<void> {
    const key = sessionKey(sessionId);
    const { Attributes } = await this.database.client.send(
      new DeleteCommand({ TableName: this.database.tableName, Key: key, ReturnValues: 'ALL_OLD' }),
    );
    if (Attributes?.userId) {
      await deleteItems(this.database, [userSessionKey(Attributes.userId as string, key.PK)]);
    }
  }

  async revokeAllOf(userId: string): Promise<void> {
    const listings = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :owner AND begins_with(SK, :session)',
      ExpressionAttributeValues: { ':owner': userPartitionKey(userId), ':session': SESSION_KEY_PREFIX },
      ProjectionExpression: 'PK, SK',
      ConsistentRead: true,
    });
    const sortKeys = listings.map((listing) => listing.SK as string);
    // The sessions first: a listing whose session is gone can be deleted again later, not the other way round.
    await deleteItems(this.database, sortKeys.map(sessionKeyOfListing));
    await deleteItems(
      this.database,
      sortKeys.map((sortKey) => userSessionKey(userId, sortKey)),
    );
  }
}
