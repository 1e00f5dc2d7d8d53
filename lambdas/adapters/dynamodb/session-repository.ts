import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Session, SessionRepository } from '../../domain/auth/session-repository';
import type { Database } from './document-client';
import { sessionKey } from './keys/session-keys';

/** DynamoDB removes expired sessions by their `ttl` (epoch seconds), lazily; `find` checks expiry too. */
export class DynamoDbSessionRepository implements SessionRepository {
  constructor(private readonly database: Database) {}

  async create(sessionId: string, session: Session, now: Date): Promise<void> {
    await this.database.client.send(
      new PutCommand({
        TableName: this.database.tableName,
        Item: {
          ...sessionKey(sessionId),
          userId: session.userId,
          createdAt: now.toISOString(),
          ttl: Math.floor(session.expiresAt.getTime() / 1000),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  }

  async find(sessionId: string, now: Date): Promise<Session | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: sessionKey(sessionId) }),
    );
    if (!Item) return undefined;
    const expiresAt = new Date((Item.ttl as number) * 1000);
    if (expiresAt <= now) return undefined;
    return { userId: Item.userId as string, expiresAt };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.database.client.send(
      new DeleteCommand({ TableName: this.database.tableName, Key: sessionKey(sessionId) }),
    );
  }
}
