/** What a chapter list shows, projected by every listing index of the author's chapters. */
const chapterListingAttributes = [
  'entity',
  'story_id',
  'chapter_id',
  'title',
  'status',
  'created_at',
  'updated_at',
  'chapter_ids',
  'version',
] as const;

/** The single table's key schema, shared by the CDK stack and the embedded runtime's table creation. */
export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Epoch seconds; DynamoDB deletes expired sessions and sign-in flows. */
  timeToLiveAttribute: 'ttl',
  /**
   * Every chapter item and chapter index listed under its author, so the story list reads all of an author's
   * chapters with one Query however many stories they keep (see `ownerListingKey`). Only what a story list and
   * a chapter list show is projected: the content stamp, written by every save, is not. A save changes the
   * chapter's word count and last edit, so it writes the index too (one small item).
   *
   * DynamoDB cannot change what an index projects: a new projection is a new index under a new name.
   */
  chaptersByOwner: {
    indexName: 'chapters-by-owner-2',
    partitionKey: 'owner_PK',
    sortKey: 'owner_SK',
    projectedAttributes: [
      ...chapterListingAttributes,
      'word_count',
      'words_counted',
      'edited_at',
      'synopsis',
      'stage',
    ],
  },
  /**
   * Indexes a deployed stage may still have, kept while it is upgraded: CloudFormation creates or deletes one
   * index per deploy, so a stage that has one of these is deployed once with `-c keepRetiredIndexes=true` (the
   * new index is added beside it) and then once without (it is deleted). See docs/deploying.md.
   */
  retiredIndexes: [
    {
      indexName: 'chapters-by-owner',
      partitionKey: 'owner_PK',
      sortKey: 'owner_SK',
      projectedAttributes: chapterListingAttributes,
    },
  ],
} as const;

/** One listing index of the author's chapters, as the stack and the embedded runtime declare it. */
export type ChapterListingIndex =
  (typeof tableDefinition)['retiredIndexes'][number] | typeof tableDefinition.chaptersByOwner;
