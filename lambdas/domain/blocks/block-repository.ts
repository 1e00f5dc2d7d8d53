import type { Read, Write } from '../unit-of-work';

/**
 * A chapter's content: one stored block per paragraph (the chunk as the editor saved it) and one order holding
 * every key_id in reading order, versioned. Saving a paragraph writes its block; moving paragraphs writes the
 * order only; the order is bounded (MAX_BLOCKS_PER_CHAPTER ids) to stay inside DynamoDB's 400 KB item limit.
 *
 * Each block carries a revision, bumped by every save, so a page can make its writes conditional on the
 * revision it loaded: a write based on a revision another window has replaced fails instead of overwriting.
 */
export interface StoredBlock {
  key_id: string;
  chunk: string;
  /** 1 after the first save, +1 per save; 0 for a block stored before blocks had revisions. */
  revision: number;
}

export interface BlockOrder {
  key_ids: string[];
  /** The version read; 0 when the chapter has no order yet. */
  version: number;
}

export interface BlockRepository {
  getOrder(chapterId: string): Promise<BlockOrder>;
  /** `getOrder` as a read to make with others (`Repositories.read`). */
  getOrderRead(chapterId: string): Read<BlockOrder>;
  /** The chapter's order and every stored block, in one read. */
  readContent(chapterId: string): Promise<{ order: BlockOrder; blocks: Map<string, StoredBlock> }>;
  /** The stored blocks among the key_ids (at most 100); missing ones are left out. */
  getBlocks(chapterId: string, keyIds: string[]): Promise<Map<string, StoredBlock>>;
  /** `getBlocks` as a read to make with others (`Repositories.read`). */
  getBlocksRead(chapterId: string, keyIds: string[]): Read<Map<string, StoredBlock>>;
  /**
   * Every stored block of the chapter (those the order names and any other, `complete`), or, once their chunks
   * together pass `maxBytes`, the blocks read until then (about `maxBytes` more at most). `keyIds` (the
   * order's) lets the read be split into ranges of keys read at once.
   */
  readBlocksUpTo(
    chapterId: string,
    keyIds: readonly string[],
    maxBytes: number,
  ): Promise<{ blocks: Map<string, StoredBlock>; complete: boolean }>;
  /** The key_id of every stored block of the chapter, without their content. */
  listKeyIds(chapterId: string): Promise<string[]>;
  /**
   * Stores the block with the next revision. With `expectedRevision`, only if the stored block is still at it
   * (0: absent, or stored before revisions), or already holds this very write (the same chunk at the revision
   * after it: a save repeated because its answer was lost succeeds and changes nothing); without,
   * unconditionally. With `stillStored`, only if the block is still stored: a write that found the block
   * stored and leaves the order alone cannot bring back a block a delete removed from the order meanwhile.
   * With `exact`, only at `expectedRevision`: a write that changes the chapter's words must not succeed twice
   * (two copies of one save in flight at once both read the block before either wrote).
   */
  putBlockItem(
    chapterId: string,
    block: Omit<StoredBlock, 'revision'>,
    now: Date,
    expectedRevision?: number,
    options?: { stillStored?: boolean; exact?: boolean },
  ): Write;
  /**
   * Deletes the block; with `expectedRevision`, only if it is still at it or already gone (with `exact`: only if
   * it is still at it, as for `putBlockItem`).
   */
  deleteBlockItem(
    chapterId: string,
    keyId: string,
    expectedRevision?: number,
    options?: { exact?: boolean },
  ): Write;
  /**
   * Rewrites a stored paragraph (with the next revision), if its chunk is still the one read: a save in between
   * is never overwritten, and an open page learns of the change by the revision.
   */
  replaceBlockItem(
    chapterId: string,
    block: Omit<StoredBlock, 'revision'>,
    chunkRead: string,
    now: Date,
  ): Write;
  /** Writes the order, if it is still at the version it was read at (still absent, for version 0). */
  saveOrderItem(chapterId: string, order: BlockOrder, keyIds: string[]): Write;
  /** Deletes every block and the order of the chapter. */
  deleteContent(chapterId: string): Promise<void>;
}
