import { startDynamoDbLocal } from '../../local/dynamodb-local';

/**
 * One DynamoDB Local for the whole test run (vitest globalSetup): every embedded runtime a test file starts
 * keeps its data in a table of its own there. A Java process per runtime cost seconds of CPU each, and the
 * 2-core CI machine paid for every one of them.
 */
export default async function startSharedDynamoDbLocal(): Promise<() => Promise<void>> {
  const dynamoDb = await startDynamoDbLocal(undefined);
  process.env.TEST_DYNAMODB_ENDPOINT = dynamoDb.endpoint;
  return () => dynamoDb.stop();
}
