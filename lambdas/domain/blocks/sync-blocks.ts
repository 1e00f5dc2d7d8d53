import { MAX_BLOCKS_PER_CHAPTER, TOO_MANY_BLOCKS_MESSAGE } from '../../../shared/validation';
import { ChapterChangedError, ValidationError } from '../../errors';
import type { DomainPorts } from '../ports';
import { retryOnConcurrentChange } from '../concurrency';
import { applyPlacements } from '../../../shared/ordering';
import { dailyWordsWrites, timeZoneOf, wordsChange, writingDay } from '../progress/words-written';
import type { Repositories } from '../repositories';
import { MAX_WRITES_PER_TRANSACTION, type Write } from '../unit-of-work';
import { latestVersionBeforeSave, takeAutomaticVersionIfDue } from '../versions/automatic-versions';
import type { StoredBlock } from './block-repository';
import { requireReady } from './chapter-content';

/** The ports these operations use. */
export type SyncBlocksPorts = Pick<DomainPorts, 'repositories' | 'blobs' | 'logger' | 'now'>;

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
 * words to the author's day, counted from the stored paragraphs it replaces, read with the chapter. Imports,
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
 * What a transaction of paragraphs is decided on, read together: the chapter (ready?), the paragraphs as
 * stored, and the order when `withOrder` (a delete, or a save that will likely place a paragraph).
 */
function paragraphReads(
  repositories: Repositories,
  storyId: string,
  chapterId: string,
  keyIds: string[],
  withOrder: boolean,
) {
  return {
    chapter: repositories.chapters.getRead(storyId, chapterId),
    stored: repositories.blocks.getBlocksRead(chapterId, keyIds),
    order: withOrder ? repositories.blocks.getOrderRead(chapterId) : undefined,
  };
}

/**
 * The read each try of a transaction starts from: the first try takes what was read already (with the
 * request's other reads, in one round trip), a retry after a lost race reads afresh.
 */
function firstThenFresh<Result>(
  alreadyRead: Result | undefined,
  readFresh: () => Promise<Result>,
): () => Promise<Result> {
  let pending = alreadyRead;
  return async () => {
    const read = pending ?? (await readFresh());
    pending = undefined;
    return read;
  };
}

/**
 * Refuses (409 `chapter_changed`, which no retry can make right) a write based on a revision the stored
 * paragraph is no longer at: another window changed it. `alsoHolds` names what else the write accepts (a save
 * repeated after its answer was lost; a delete of a paragraph already gone). The write's own condition checks
 * the same again in the transaction, so a change made after this read fails it, and the read is made again.
 */
function requireBasedOnStored<Block extends { key_id: string; base_revision?: number }>(
  stored: ReadonlyMap<string, StoredBlock>,
  blocks: readonly Block[],
  alsoHolds: (block: Block & { base_revision: number }, current: StoredBlock | undefined) => boolean,
): void {
  for (const block of blocks) {
    if (block.base_revision === undefined) continue;
    const current = stored.get(block.key_id);
    const based = block as Block & { base_revision: number };
    if ((current?.revision ?? 0) !== block.base_revision && !alsoHolds(based, current)) {
      throw new ChapterChangedError();
    }
  }
}

/**
 * PUT /api/stories/{id}: stores the changed paragraphs as sent, after an automatic version of the chapter as it
 * was when one is due (every 30 minutes of editing; one index read when none is).
 *
 * A one-paragraph save makes four round trips: the session (the middleware's), one BatchGetItem (story,
 * profile, chapter and the stored paragraph) beside the latest version's Query, and the transaction. The
 * order item, which grows with the chapter, is read only for a paragraph new to the chapter: with the first
 * read when the page says so (`base_revision` 0), else once the paragraph is found missing.
 */
export async function saveBlocks(
  ports: SyncBlocksPorts,
  userId: string,
  storyId: string,
  chapterId: string,
  blocks: SavedBlock[],
): Promise<void> {
  const { repositories } = ports;
  const { chapters: chapterRepository, blocks: blockRepository } = repositories;
  const latest = lastOfEach(blocks);
  const groups = transactionGroups(latest, (block) => Buffer.byteLength(block.chunk));
  const keyIdsOf = (group: SavedBlock[]) => group.map((block) => block.key_id);
  const mayPlace = (group: SavedBlock[]) => group.some((block) => block.base_revision === 0);
  const [{ user, ...firstRead }, versionCheck] = await Promise.all([
    repositories.read({
      story: repositories.stories.requireOwnedRead(userId, storyId),
      user: repositories.users.getRead(userId),
      // Several transactions: every bound is checked (with the order) before the first, so a refused request
      // stores nothing. A single transaction checks its own before writing.
      ...paragraphReads(
        repositories,
        storyId,
        chapterId,
        keyIdsOf(groups[0] ?? []),
        groups.length > 1 || mayPlace(groups[0] ?? []),
      ),
    }),
    latestVersionBeforeSave(ports, chapterId),
  ]);
  requireReady(firstRead.chapter);
  const timeZone = timeZoneOf(user);
  await takeAutomaticVersionIfDue(ports, storyId, chapterId, versionCheck);
  if (groups.length > 1) {
    const known = new Set(firstRead.order!.key_ids);
    checkOrderSize([
      ...known,
      ...latest.filter((block) => !known.has(block.key_id)).map((block) => block.key_id),
    ]);
  }
  for (const [index, group] of groups.entries()) {
    // The first transaction's paragraphs were read with the rest; a retry or a later transaction reads again.
    const readParagraphs = firstThenFresh(index === 0 ? firstRead : undefined, () =>
      repositories.read(paragraphReads(repositories, storyId, chapterId, keyIdsOf(group), mayPlace(group))),
    );
    await retryOnConcurrentChange(async () => {
      const read = await readParagraphs();
      requireReady(read.chapter);
      const { stored } = read;
      requireBasedOnStored(
        stored,
        group,
        (block, current) => current?.revision === block.base_revision + 1 && current.chunk === block.chunk,
      );
      const unstored = group.filter((block) => !stored.has(block.key_id));
      const order =
        unstored.length === 0 ? undefined : (read.order ?? (await blockRepository.getOrder(chapterId)));
      const known = new Set(order?.key_ids);
      const newPlacements = unstored
        .filter((block) => !known.has(block.key_id))
        .map((block) => ({ id: block.key_id, index: block.place ?? Number.MAX_SAFE_INTEGER }));
      const words = wordsChange(stored, group);
      const writes: Write[] = [
        chapterRepository.contentChangeItem(storyId, chapterId, { words, at: ports.now() }),
        ...group.map((block) =>
          blockRepository.putBlockItem(
            chapterId,
            { key_id: block.key_id, chunk: block.chunk },
            ports.now(),
            block.base_revision,
            // The order is not written for a paragraph found stored: it must still be (see putBlockItem). A
            // write found already made (a repeated save) may succeed again; any other must find the revision
            // it read, or two copies of one save would both count their words.
            {
              stillStored: stored.has(block.key_id),
              exact: stored.get(block.key_id)?.chunk !== block.chunk,
            },
          ),
        ),
      ];
      if (order && newPlacements.length > 0) {
        const keyIds = applyPlacements(order.key_ids, newPlacements);
        checkOrderSize(keyIds);
        writes.push(blockRepository.saveOrderItem(chapterId, order, keyIds));
      }
      writes.push(...dailyWordsWrites(repositories, userId, writingDay(ports.now(), timeZone), words));
      await repositories.commit(writes);
    });
  }
}

/** DELETE /api/stories/{id}/block: removes the paragraphs and their places in the order together. */
export async function deleteBlocks(
  ports: SyncBlocksPorts,
  userId: string,
  storyId: string,
  chapterId: string,
  blocks: DeletedBlock[],
): Promise<void> {
  const { repositories } = ports;
  const { chapters: chapterRepository, blocks: blockRepository } = repositories;
  const groups = transactionGroups(lastOfEach(blocks), () => 0);
  const keyIdsOf = (group: DeletedBlock[]) => group.map((block) => block.key_id);
  const { user, ...firstRead } = await repositories.read({
    story: repositories.stories.requireOwnedRead(userId, storyId),
    user: repositories.users.getRead(userId),
    ...paragraphReads(repositories, storyId, chapterId, keyIdsOf(groups[0] ?? []), true),
  });
  requireReady(firstRead.chapter);
  const timeZone = timeZoneOf(user);
  for (const [index, group] of groups.entries()) {
    const readParagraphs = firstThenFresh(index === 0 ? firstRead : undefined, () =>
      repositories.read(paragraphReads(repositories, storyId, chapterId, keyIdsOf(group), true)),
    );
    await retryOnConcurrentChange(async () => {
      const read = await readParagraphs();
      requireReady(read.chapter);
      const { stored } = read;
      const order = read.order!;
      requireBasedOnStored(stored, group, (_, current) => current === undefined);
      const deleted = new Set(keyIdsOf(group));
      const remaining = order.key_ids.filter((keyId) => !deleted.has(keyId));
      const words = wordsChange(
        stored,
        group.map((block) => ({ key_id: block.key_id, chunk: null })),
      );
      await repositories.commit([
        chapterRepository.contentChangeItem(storyId, chapterId, { words, at: ports.now() }),
        ...group.map((block) =>
          // Found stored, it must still be at the revision read: two copies of one delete in flight at once
          // must not both take its words off.
          blockRepository.deleteBlockItem(chapterId, block.key_id, block.base_revision, {
            exact: stored.has(block.key_id),
          }),
        ),
        ...(remaining.length === order.key_ids.length
          ? []
          : [blockRepository.saveOrderItem(chapterId, order, remaining)]),
        ...dailyWordsWrites(repositories, userId, writingDay(ports.now(), timeZone), words),
      ]);
    });
  }
}

/**
 * PUT /api/stories/{id}/orderMap: moves the paragraphs named to their new indexes; the others keep their
 * relative order. Paragraphs the chapter does not hold (deleted, or never saved) have no place to take.
 */
export async function reorderBlocks(
  ports: SyncBlocksPorts,
  userId: string,
  storyId: string,
  chapterId: string,
  placements: { key_id: string; place: number }[],
): Promise<void> {
  const { repositories } = ports;
  const { chapters: chapterRepository, blocks: blockRepository } = repositories;
  const chapterAndOrder = () => ({
    chapter: chapterRepository.getRead(storyId, chapterId),
    order: blockRepository.getOrderRead(chapterId),
  });
  // Ownership with the first read; a retry reads the chapter and the order again.
  const readChapterAndOrder = firstThenFresh(
    await repositories.read({
      story: repositories.stories.requireOwnedRead(userId, storyId),
      ...chapterAndOrder(),
    }),
    () => repositories.read(chapterAndOrder()),
  );
  await retryOnConcurrentChange(async () => {
    const read = await readChapterAndOrder();
    requireReady(read.chapter);
    const { order } = read;
    const known = new Set(order.key_ids);
    const keyIds = applyPlacements(
      order.key_ids,
      placements
        .filter((placement) => known.has(placement.key_id))
        .map((placement) => ({ id: placement.key_id, index: placement.place })),
    );
    if (keyIds.join() === order.key_ids.join()) return;
    await repositories.commit([
      chapterRepository.contentChangeItem(storyId, chapterId, { words: 0, at: ports.now() }),
      blockRepository.saveOrderItem(chapterId, order, keyIds),
    ]);
  });
}
