/** The single table's key schema, shared by the CDK stack and the embedded runtime's table creation. */
export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Epoch seconds; DynamoDB deletes expired sessions and sign-in flows. */
  timeToLiveAttribute: 'ttl',
  /**
   * Every chapter item and chapter index listed under its author, so the story list reads all of an author's
   * chapters with one Query however many stories they keep (see `ownerListingKey`). Only what a chapter list
   * shows is projected: the content stamp, written by every save, is not, so saves cost the index nothing.
   */
  chaptersByOwner: {
    indexName: 'chapters-by-owner',
    partitionKey: 'owner_PK',
    sortKey: 'owner_SK',
    projectedAttributes: [
      'entity',
      'story_id',
      'chapter_id',
      'title',
      'status',
      'created_at',
      'updated_at',
      'chapter_ids',
      'version',
    ],
  },
} as const;
