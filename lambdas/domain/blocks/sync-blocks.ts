import { MAX_BLOCKS_PER_CHAPTER, TOO_MANY_BLOCKS_MESSAGE } from '../../../shared/validation';
import { ChapterChangedError, ValidationError } from '../../errors';
import type { Ports } from '../../ports';
import { ConcurrentChangeError, retryOnConcurrentChange } from '../concurrency';
import { applyPlacements } from '../../../shared/ordering';
import { authorTimeZone, dailyWordsWrites, wordsChange, writingDay } from '../progress/words-written';
import { MAX_WRITES_PER_TRANSACTION, type Write } from '../repositories';
import { takeAutomaticVersionIfDue } from '../versions/automatic-versions';
import { requireReadyChapter } from './chapter-content';

/**
 * The editor's block sync (spec §4): saves, deletes and order changes of a chapter's paragraphs. Each write is
 * a transaction that also checks the chapter is still there and ready, so a chapter being created stores
 * nothing (501) and a deleted chapter gets nothing back. Saving paragraphs writes one item each, plus the
 * order item only when a paragraph is new; moving paragraphs writes the order item only.
 *
 * Every bound is checked before the first write, so a refused request stores nothing. A paragraph sent with
 * the revision it is based on is written only if the stored one is still at it: a page that loaded the
 * chapter before another window changed that paragraph is answered 409 `chapter_changed` rather than
 * overwriting it. Paragraphs sent without a revision are written as they always were. (A save too large for
 * one transaction that meets such a paragraph in a later one keeps the earlier ones: the page, reloading,
 * finds them stored as it sent them and counts them done.)
 *
 * Saves and deletes are the author writing (issue 15 §1): each transaction also adds its change in the chapter's
 * words to the author's day, counted from the stored paragraphs it replaces, read beside the order. Imports,
 * restores and renames write paragraphs elsewhere and count nothing. The count is exact when the page sends
 * revisions (a paragraph changed since it was read fails the write); without, a save racing another save of
 * the same paragraph may count the words replaced twice.
 */

export interface SavedBlock {
  key_id: string;
  chunk: string;
  /** The 0-based index; used to place a paragraph the chapter does not have yet. */
  place?: number;
  /** The revision the page's version is based on (0: a paragraph new to the page); absent: unconditional. */
  base_revision?: number;
}

export interface DeletedBlock {
  key_id: string;
  /** As for a save: the revision the page last knew; absent: unconditional. */
  base_revision?: number;
}

/** A transaction holds the chapter check, the order item, the day's words and the paragraphs. */
const BLOCKS_PER_TRANSACTION = MAX_WRITES_PER_TRANSACTION - 3;
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

/**
 * Commits the writes; a failed condition on one of the paragraph writes (`blockWrites` gives their positions)
 * means another window changed the paragraph: no retry can make that write right, so it answers 409.
 */
async function commitBlockWrites(
  ports: Ports,
  writes: Write[],
  blockWrites: { from: number; to: number },
): Promise<void> {
  try {
    await ports.repositories.commit(writes);
  } catch (error) {
    if (
      error instanceof ConcurrentChangeError &&
      error.failedWrites.some((index) => index >= blockWrites.from && index < blockWrites.to)
    ) {
      throw new ChapterChangedError();
    }
    throw error;
  }
}

/**
 * PUT /api/stories/{id}: stores the changed paragraphs as sent, after an automatic version of the chapter as it
 * was when one is due (every 30 minutes of editing; one index read when none is).
 */
export async function saveBlocks(
  ports: Ports,
  userId: string,
  storyId: string,
  chapterId: string,
  blocks: SavedBlock[],
): Promise<void> {
  const { repositories } = ports;
  const { chapters: chapterRepository, blocks: blockRepository } = repositories;
  const [, timeZone] = await Promise.all([
    repositories.stories.requireOwned(userId, storyId),
    authorTimeZone(repositories, userId),
  ]);
  await takeAutomaticVersionIfDue(ports, storyId, chapterId);
  const latest = lastOfEach(blocks);
  const groups = transactionGroups(latest, (block) => Buffer.byteLength(block.chunk));
  if (groups.length === 0) await requireReadyChapter(repositories, storyId, chapterId);
  if (groups.length > 1) {
    // Several transactions: every bound is checked before the first, so a refused request stores nothing. (A
    // single transaction checks its own before writing: no extra read on the common one-paragraph save.)
    await requireReadyChapter(repositories, storyId, chapterId);
    const known = new Set((await blockRepository.getOrder(chapterId)).key_ids);
    checkOrderSize([
      ...known,
      ...latest.filter((block) => !known.has(block.key_id)).map((block) => block.key_id),
    ]);
  }
  for (const group of groups) {
    await retryOnConcurrentChange(async () => {
      // Read together: one round trip instead of two, on every save.
      const [, order, stored] = await Promise.all([
        requireReadyChapter(repositories, storyId, chapterId),
        blockRepository.getOrder(chapterId),
        blockRepository.getBlocks(
          chapterId,
          group.map((block) => block.key_id),
        ),
      ]);
      const known = new Set(order.key_ids);
      const newPlacements = group
        .filter((block) => !known.has(block.key_id))
        .map((block) => ({ id: block.key_id, index: block.place ?? Number.MAX_SAFE_INTEGER }));
      const writes: Write[] = [
        chapterRepository.contentChangeItem(storyId, chapterId),
        ...group.map((block) =>
          blockRepository.putBlockItem(
            chapterId,
            { key_id: block.key_id, chunk: block.chunk },
            ports.now(),
            block.base_revision,
          ),
        ),
      ];
      if (newPlacements.length > 0) {
        const keyIds = applyPlacements(order.key_ids, newPlacements);
        checkOrderSize(keyIds);
        writes.push(blockRepository.saveOrderItem(chapterId, order, keyIds));
      }
      writes.push(
        ...dailyWordsWrites(
          repositories,
          userId,
          writingDay(ports.now(), timeZone),
          wordsChange(stored, group),
        ),
      );
      await commitBlockWrites(ports, writes, { from: 1, to: 1 + group.length });
    });
  }
}

/** DELETE /api/stories/{id}/block: removes the paragraphs and their places in the order together. */
export async function deleteBlocks(
  ports: Ports,
  userId: string,
  storyId: string,
  chapterId: string,
  blocks: DeletedBlock[],
): Promise<void> {
  const { repositories } = ports;
  const { chapters: chapterRepository, blocks: blockRepository } = repositories;
  const [, timeZone] = await Promise.all([
    repositories.stories.requireOwned(userId, storyId),
    authorTimeZone(repositories, userId),
  ]);
  const groups = transactionGroups(lastOfEach(blocks), () => 0);
  if (groups.length === 0) await requireReadyChapter(repositories, storyId, chapterId);
  for (const group of groups) {
    await retryOnConcurrentChange(async () => {
      await requireReadyChapter(repositories, storyId, chapterId);
      const [order, stored] = await Promise.all([
        blockRepository.getOrder(chapterId),
        blockRepository.getBlocks(
          chapterId,
          group.map((block) => block.key_id),
        ),
      ]);
      const deleted = new Set(group.map((block) => block.key_id));
      const remaining = order.key_ids.filter((keyId) => !deleted.has(keyId));
      await commitBlockWrites(
        ports,
        [
          chapterRepository.contentChangeItem(storyId, chapterId),
          ...group.map((block) =>
            blockRepository.deleteBlockItem(chapterId, block.key_id, block.base_revision),
          ),
          ...(remaining.length === order.key_ids.length
            ? []
            : [blockRepository.saveOrderItem(chapterId, order, remaining)]),
          ...dailyWordsWrites(
            repositories,
            userId,
            writingDay(ports.now(), timeZone),
            wordsChange(
              stored,
              group.map((block) => ({ key_id: block.key_id, chunk: null })),
            ),
          ),
        ],
        { from: 1, to: 1 + group.length },
      );
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
      chapterRepository.contentChangeItem(storyId, chapterId),
      blockRepository.saveOrderItem(chapterId, order, keyIds),
    ]);
  });
}
