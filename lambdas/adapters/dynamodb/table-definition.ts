/** The single table's key schema, shared by the CDK stack and the embedded runtime's table creation. */
export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Epoch seconds; DynamoDB deletes expired sessions and sign-in flows. */
  timeToLiveAttribute: 'ttl',
} as const;
