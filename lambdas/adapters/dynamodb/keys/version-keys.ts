import { contentPartitionKey } from './block-keys';

/**
 * A chapter's versions are indexed in the chapter's own partition, `CHAPTER#<cid>` / `VERSION#<vid>`, so they
 * go with the chapter. Version ids sort by time, so the newest is the last `VERSION#` key. (`VERSION#` sorts
 * after `BLOCK#` and `ORDER`: a read of the content asks for the keys up to `ORDER` and never meets them.)
 */
export const VERSION_SORT_KEY_PREFIX = 'VERSION#';
export const versionKey = (chapterId: string, versionId: string) => ({
  PK: contentPartitionKey(chapterId),
  SK: `${VERSION_SORT_KEY_PREFIX}${versionId}`,
});
