import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { LocalBillingRecord, LocalBillingStore } from '../local-billing/local-billing-store';
import type { Database } from './document-client';
import { getItem } from './table';
import { localBillingKey } from './keys/billing-keys';

/** The local payment provider's customers in the table (embedded runtime), one item each, versioned. */
export class DynamoDbLocalBillingStore implements LocalBillingStore {
  constructor(private readonly database: Database) {}

  async get(customerId: string): Promise<LocalBillingRecord | undefined> {
    return getItem(this.database, localBillingKey(customerId), (item) => item.record as LocalBillingRecord);
  }

  async put(record: LocalBillingRecord): Promise<boolean> {
    try {
      await this.database.client.send(
        new PutCommand({
          TableName: this.database.tableName,
          Item: { ...localBillingKey(record.customerId), version: record.version, record },
          ...(record.version === 1
            ? { ConditionExpression: 'attribute_not_exists(PK)' }
            : {
                ConditionExpression: 'version = :previous',
                ExpressionAttributeValues: { ':previous': record.version - 1 },
              }),
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
