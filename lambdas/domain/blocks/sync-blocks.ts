import { MAX_BLOCKS_PER_CHAPTER, TOO_MANY_BLOCKS_MESSAGE } from '../../../shared/validation';
import { ValidationError } from '../../errors';
import type { Ports } from '../../ports';
import { retryOnConcurrentChange } from '../concurrency';
import { applyPlacements } from '../ordering';
import { MAX_WRITES_PER_TRANSACTION, type Write } from '../repositories';
import { requireReadyChapter } from './chapter-content';

/**
 * The editor's block sync (spec §4): saves, deletes and order changes of a chapter's paragraphs. Each write is
 * a transaction that also checks the chapter is still there and ready, so a chapter being created stores
 * nothing (501) and a deleted chapter gets nothing back. Saving paragraphs writes one item each, plus the
 * order item only when a paragraph is new; moving paragraphs writes the order item only.
 */

export interface SavedBlock {
  key_id: string;
  chunk: string;
  /** The 0-based index; used to place a paragraph the chapter does not have yet. */
  place?: number;
}

/** A transaction holds the chapter check, the order item and the paragraphs. */
const BLOCKS_PER_TRANSACTION = MAX_WRITES_PER_TRANSACTION - 2;
/** DynamoDB refuses transactions over 4 MB; this leaves room for keys and attribute names. */
const BYTES_PER_TRANSACTION = 3 * 1024 * 1024;

/** For a key_id sent twice in one request the last one counts, as it would have had it come later. */
function lastOfEach<T extends { key_id: string }>(blocks: T[]): T[] {
  return [...new Map(blocks.map((block) => [block.key_id, block])).values()];
}

/** Splits paragraphs into transactions within DynamoDB's item and size limits (98 items, 3 MB). */
export function transactionGroups<T>(blocks: T[], sizeOf: (block: T) => number): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const block of blocks) {
    const size = sizeOf(block);
    if (
      current.length === BLOCKS_PER_TRANSACTION ||
      (current.length > 0 && bytes + size > BYTES_PER_TRANSACTION)
    ) {
      groups.push(current);
      current = [];
      bytes = 0;
    }
    current.push(block);
    bytes += size;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

function checkOrderSize(keyIds: string[]) {
  if (keyIds.length > MAX_BLOCKS_PER_CHAPTER) throw new ValidationError(TOO_MANY_BLOCKS_MESSAGE);
}

/** PUT /api/stories/{id}: stores the changed paragraphs as sent. */
export async function saveBlocks(
  ports: Ports,
  userId: string,
  storyId: string,
  chapterId: string,
  blocks: SavedBlock[],
): Promise<void> {
  const { repositories } = ports;
  const { chapters: chapterRepository, blocks: blockRepository } = repositories;
  await repositories.stories.requireOwned(userId, storyId);
  const groups = transactionGroups(lastOfEach(blocks), (block) => Buffer.byteLength(block.chunk));
  if (groups.length === 0) await requireReadyChapter(repositories, storyId, chapterId);
  for (const group of groups) {
    await retryOnConcurrentChange(async () => {
      await requireReadyChapter(repositories, storyId, chapterId);
      const order = await blockRepository.getOrder(chapterId);
      const known = new Set(order.key_ids);
      const newPlacements = group
        .filter((block) => !known.has(block.key_id))
        .map((block) => ({ id: block.key_id, index: block.place ?? Number.MAX_SAFE_INTEGER }));
      const writes: Write[] = [
        chapterRepository.readyCondition(storyId, chapterId),
        ...group.map((block) =>
          blockRepository.putBlockItem(chapterId, { key_id: block.key_id, chunk: block.chunk }, ports.now()),
        ),
      ];
      if (newPlacements.length > 0) {
        const keyIds = applyPlacements(order.key_ids, newPlacements);
        checkOrderSize(keyIds);
        writes.push(blockRepository.saveOrderItem(chapterId, order, keyIds));
      }
      await repositories.commit(writes);
    });
  }
}

/** DELETE /api/stories/{id}/block: removes the paragraphs and their places in the order together. */
export async function deleteBlocks(
  ports: Ports,
  userId: string,
  storyId: string,
  chapterId: string,
  keyIds: string[],
): Promise<void> {
  const { repositories } = ports;
  const { chapters: chapterRepository, blocks: blockRepository } = repositories;
  await repositories.stories.requireOwned(userId, storyId);
  const groups = transactionGroups([...new Set(keyIds)], () => 0);
  if (groups.length === 0) await requireReadyChapter(repositories, storyId, chapterId);
  for (const group of groups) {
    await retryOnConcurrentChange(async () => {
      await requireReadyChapter(repositories, storyId, chapterId);
      const order = await blockRepository.getOrder(chapterId);
      const deleted = new Set(group);
      const remaining = order.key_ids.filter((keyId) => !deleted.has(keyId));
      await repositories.commit([
        chapterRepository.readyCondition(storyId, chapterId),
        ...group.map((keyId) => blockRepository.deleteBlockItem(chapterId, keyId)),
        ...(remaining.length === order.key_ids.length
          ? []
          : [blockRepository.saveOrderItem(chapterId, order, remaining)]),
      ]);
    });
  }
}

/**
 * PUT /api/stories/{id}/orderMap: moves the paragraphs named to their new indexes; the others keep their
 * relative order. Paragraphs the chapter does not hold (deleted, or never saved) have no place to take.
 */
export async function reorderBlocks(
  ports: Ports,
  userId: string,
  storyId: string,
  chapterId: string,
  placements: { key_id: string; place: number }[],
): Promise<void> {
  const { repositories } = ports;
  const { chapters: chapterRepository, blocks: blockRepository } = repositories;
  await repositories.stories.requireOwned(userId, storyId);
  await retryOnConcurrentChange(async () => {
    await requireReadyChapter(repositories, storyId, chapterId);
    const order = await blockRepository.getOrder(chapterId);
    const known = new Set(order.key_ids);
    const keyIds = applyPlacements(
      order.key_ids,
      placements
        .filter((placement) => known.has(placement.key_id))
        .map((placement) => ({ id: placement.key_id, index: placement.place })),
    );
    if (keyIds.join() === order.key_ids.join()) return;
    await repositories.commit([
      chapterRepository.readyCondition(storyId, chapterId),
      blockRepository.saveOrderItem(chapterId, order, keyIds),
    ]);
  });
}
