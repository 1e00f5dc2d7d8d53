import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ProcessedEvents, UserBilling, UserBillingState } from '../../domain/billing/billing-state';
import type { Database } from './document-client';
import { customerKey, processedEventKey } from './keys/billing-keys';
import { userProfileKey } from './keys/user-keys';
import { TransactionCancelledError, transactWrite, type TransactionItem } from './table';

const BILLING_FIELDS = ['customer_id', 'subscription_id', 'renewing', 'expired', 'expires_at'] as const;

/** Stripe retries a webhook delivery for up to three days; an applied event id is kept well past that. */
const PROCESSED_EVENT_RETENTION_SECONDS = 30 * 24 * 60 * 60;

/**
 * The billing fields on the user profile item (`USER#<uid>`/`PROFILE`), and a `CUSTOMER#<id>` item naming
 * the user, written in the same transaction whenever `customer_id` changes.
 */
export class DynamoDbUserBillingState implements UserBillingState {
  constructor(private readonly database: Database) {}

  async get(userId: string): Promise<UserBilling | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({
        TableName: this.database.tableName,
        Key: userProfileKey(userId),
        ProjectionExpression: BILLING_FIELDS.join(', '),
        ConsistentRead: true,
      }),
    );
    if (!Item) return undefined;
    return {
      customer_id: (Item.customer_id as string | undefined) ?? '',
      subscription_id: (Item.subscription_id as string | undefined) ?? '',
      renewing: Item.renewing === true,
      expired: Item.expired === true,
      expires_at: (Item.expires_at as string | undefined) ?? '',
    };
  }

  async findUserIdByCustomerId(customerId: string): Promise<string | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({
        TableName: this.database.tableName,
        Key: customerKey(customerId),
        ConsistentRead: true,
      }),
    );
    return Item ? (Item.userId as string) : undefined;
  }

  async forgetCustomer(customerId: string, userId: string): Promise<void> {
    try {
      await this.database.client.send(
        new DeleteCommand({
          TableName: this.database.tableName,
          Key: customerKey(customerId),
          ConditionExpression: 'attribute_not_exists(PK) OR userId = :user',
          ExpressionAttributeValues: { ':user': userId },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async replace(userId: string, expected: UserBilling, next: UserBilling): Promise<boolean> {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const conditions: string[] = ['attribute_exists(PK)'];
    const assignments: string[] = [];
    BILLING_FIELDS.forEach((field, index) => {
      names[`#f${index}`] = field;
      values[`:expected${index}`] = expected[field];
      values[`:next${index}`] = next[field];
      conditions.push(`#f${index} = :expected${index}`);
      assignments.push(`#f${index} = :next${index}`);
    });
    const items: TransactionItem[] = [
      {
        Update: {
          TableName: this.database.tableName,
          Key: userProfileKey(userId),
          UpdateExpression: `SET ${assignments.join(', ')}`,
          ConditionExpression: conditions.join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
    ];
    if (next.customer_id !== expected.customer_id && next.customer_id !== '') {
      // A customer belongs to one user for good: the lookup is written once, or already names this user.
      items.push({
        Put: {
          TableName: this.database.tableName,
          Item: { ...customerKey(next.customer_id), userId },
          ConditionExpression: 'attribute_not_exists(PK) OR userId = :user',
          ExpressionAttributeValues: { ':user': userId },
        },
      });
    }
    try {
      await transactWrite(this.database, items);
      return true;
    } catch (error) {
      if (error instanceof TransactionCancelledError && error.conditionFailedAt(0)) return false;
      throw error;
    }
  }
}

/** `EVENT#<id>` items, removed by DynamoDB's TTL once the provider can no longer redeliver them. */
export class DynamoDbProcessedEvents implements ProcessedEvents {
  constructor(private readonly database: Database) {}

  async has(eventId: string): Promise<boolean> {
    const { Item } = await this.database.client.send(
      new GetCommand({
        TableName: this.database.tableName,
        Key: processedEventKey(eventId),
        ConsistentRead: true,
      }),
    );
    return Item !== undefined;
  }

  async record(eventId: string, now: Date): Promise<void> {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    await this.database.client.send(
      new PutCommand({
        TableName: this.database.tableName,
        Item: {
          ...processedEventKey(eventId),
          processedAt: now.toISOString(),
          ttl: nowSeconds + PROCESSED_EVENT_RETENTION_SECONDS,
        },
      }),
    );
  }
}
