/**
 * A chapter's content has its own partition, `CHAPTER#<cid>`: one `BLOCK#<key_id>` item per paragraph and
 * one `ORDER` item.
 */
export const contentPartitionKey = (chapterId: string) => `CHAPTER#${chapterId}`;
export const ORDER_SORT_KEY = 'ORDER';
export const BLOCK_SORT_KEY_PREFIX = 'BLOCK#';
export const blockKey = (chapterId: string, keyId: string) => ({
  PK: contentPartitionKey(chapterId),
  SK: `${BLOCK_SORT_KEY_PREFIX}${keyId}`,
});
export const orderKey = (chapterId: string) => ({ PK: contentPartitionKey(chapterId), SK: ORDER_SORT_KEY });
