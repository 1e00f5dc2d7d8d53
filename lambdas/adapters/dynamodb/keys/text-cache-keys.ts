import { contentPartitionKey } from './block-keys';

/**
 * A chapter's cached text lives in the chapter's content partition, `CHAPTER#<cid>` / `TEXT`: after `ORDER`, so
 * the content read (`BLOCK#` to `ORDER`) never reads it, and deleted with the content.
 */
export const textCacheKey = (chapterId: string) => ({ PK: contentPartitionKey(chapterId), SK: 'TEXT' });
