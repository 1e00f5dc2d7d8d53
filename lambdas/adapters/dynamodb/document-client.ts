import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '../../env';

/** The single table, reached through the DynamoDB document client (AWS or DynamoDB Local). */
export interface Database {
  client: DynamoDBDocumentClient;
  tableName: string;
}

/** One document client per process; DynamoDB Local is reached through the same client with an endpoint. */
export function createDatabase(config: Config): Database {
  const client = new DynamoDBClient({
    region: config.AWS_REGION,
    ...(config.DYNAMODB_ENDPOINT
      ? {
          endpoint: config.DYNAMODB_ENDPOINT,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
  });
  return {
    client: DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    }),
    tableName: config.TABLE_NAME,
  };
}
