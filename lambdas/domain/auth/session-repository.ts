import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Database } from '../../ports';

/**
 * Server-side sessions. The browser holds only a random id; the table keys the session by the id's
 * SHA-256, so a copy of the table does not hand out live sessions.
 */
const sessionKey = (sessionId: string) => ({
  PK: `SESSION#${createHash('sha256').update(sessionId).digest('base64url')}`,
  SK: 'SESSION',
});

export interface Session {
  userId: string;
  expiresAt: Date;
}

export class SessionRepository {
  constructor(private readonly database: Database) {}

  async create(
    userId: string,
    now: Date,
    ttlSeconds: number,
  ): Promise<{ sessionId: string; expiresAt: Date }> {
    const sessionId = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
    await this.database.client.send(
      new PutCommand({
        TableName: this.database.tableName,
        Item: {
          ...sessionKey(sessionId),
          userId,
          createdAt: now.toISOString(),
          ttl: Math.floor(expiresAt.getTime() / 1000),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return { sessionId, expiresAt };
  }

  /** DynamoDB removes expired items lazily, so expiry is checked here too. */
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
