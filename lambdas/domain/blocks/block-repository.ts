import type { Write } from '../repositories';

/**
 * A chapter's content: one stored block per paragraph (the chunk as the editor saved it) and one order holding
 * every key_id in reading order, versioned. Saving a paragraph writes its block; moving paragraphs writes the
 * order only; the order is bounded (MAX_BLOCKS_PER_CHAPTER ids) to stay inside DynamoDB's 400 KB item limit.
 */
export interface StoredBlock {
  key_id: string;
  chunk: string;
}

export interface BlockOrder {
  key_ids: string[];
  /** The version read; 0 when the chapter has no order yet. */
  version: number;
}

export interface BlockRepository {
  getOrder(chapterId: string): Promise<BlockOrder>;
  /** The chapter's order and every stored block, in one read. */
  readContent(chapterId: string): Promise<{ order: BlockOrder; blocks: Map<string, StoredBlock> }>;
  putBlockItem(chapterId: string, block: StoredBlock, now: Date): Write;
  /** Rewrites a stored paragraph, if its chunk is still the one read: a save in between is never overwritten. */
  replaceBlockItem(chapterId: string, block: StoredBlock, chunkRead: string, now: Date): Write;
  deleteBlockItem(chapterId: string, keyId: string): Write;
  /** Writes the order, if it is still at the version it was read at (still absent, for version 0). */
  saveOrderItem(chapterId: string, order: BlockOrder, keyIds: string[]): Write;
  /** Deletes every block and the order of the chapter. */
  deleteContent(chapterId: string): Promise<void>;
}
