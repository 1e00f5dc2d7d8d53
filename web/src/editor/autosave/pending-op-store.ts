import type { OfflineDatabase } from '../../lib/offline/offline-database';
import type { ChapterScope, PendingOp } from './pending-ops';

/**
 * Where unacknowledged ops live between page loads (beyond the spec: a reload, crash or closed tab loses
 * nothing). One entry per block and one for the order, so queuing a keystroke rewrites one small entry rather
 * than the whole queue.
 */
export interface PendingOpStore {
  /** Every op of the chapter that the server has not acknowledged. */
  load(scope: ChapterScope): PendingOp[];
  put(op: PendingOp): void;
  removeBlock(scope: ChapterScope, keyId: string): void;
  removeOrder(scope: ChapterScope): void;
  /** Chapters of the story that still hold ops, e.g. left by a tab that was closed while offline. */
  chaptersWithPendingOps(storyId: string): string[];
}

/** Where the queue lived before IndexedDB (one localStorage item per entry, named by the entry's key). */
const PREFIX = 'loreweaver.pending.v1';
/** Ids never contain '|' (the server admits letters, digits, '-' and '_'), so it separates key parts safely. */
const SEPARATOR = '|';

function chapterPrefix(scope: ChapterScope): string {
  return [PREFIX, scope.storyId, scope.chapterId, ''].join(SEPARATOR);
}

function blockKey(scope: ChapterScope, keyId: string): string {
  return `${chapterPrefix(scope)}block${SEPARATOR}${keyId}`;
}

function orderKey(scope: ChapterScope): string {
  return `${chapterPrefix(scope)}order`;
}

function entryKey(op: PendingOp): string {
  return op.type === 'syncOrder' ? orderKey(op) : blockKey(op, op.keyId);
}

function isUnconfirmedSave(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const save = value as Record<string, unknown>;
  return (
    typeof save.baseRevision === 'number' && typeof save.chunk === 'string' && typeof save.place === 'number'
  );
}

function isPendingOp(value: unknown): value is PendingOp {
  if (typeof value !== 'object' || value === null) return false;
  const op = value as Record<string, unknown>;
  if (typeof op.storyId !== 'string' || typeof op.chapterId !== 'string') return false;
  if (op.baseRevision !== undefined && typeof op.baseRevision !== 'number') return false;
  if (op.baseChunk !== undefined && typeof op.baseChunk !== 'string') return false;
  if (op.unconfirmed !== undefined && !isUnconfirmedSave(op.unconfirmed)) return false;
  if (op.type === 'save') return typeof op.keyId === 'string' && typeof op.chunk === 'string';
  if (op.type === 'delete') return typeof op.keyId === 'string';
  return op.type === 'syncOrder' && Array.isArray(op.keyIds);
}

/** A change to one entry: the op now stored under `key`, or null once it is removed. */
export interface PendingOpChange {
  key: string;
  op: PendingOp | null;
}

/**
 * The store's entries in memory, answering synchronously (an op is held before the keystroke's update returns).
 * `persist` is told of every change, in order, to write it where it outlives the page.
 */
function createMirroredOpStore(
  entries: Map<string, PendingOp>,
  persist: (change: PendingOpChange) => void,
): PendingOpStore {
  const remove = (key: string) => {
    if (entries.delete(key)) persist({ key, op: null });
  };
  return {
    load: (scope) =>
      [...entries.entries()].filter(([key]) => key.startsWith(chapterPrefix(scope))).map(([, op]) => op),
    put(op) {
      const key = entryKey(op);
      entries.set(key, op);
      persist({ key, op });
    },
    removeBlock: (scope, keyId) => remove(blockKey(scope, keyId)),
    removeOrder: (scope) => remove(orderKey(scope)),
    chaptersWithPendingOps: (storyId) => [
      ...new Set([...entries.values()].filter((op) => op.storyId === storyId).map((op) => op.chapterId)),
    ],
  };
}

/**
 * Whether anything of the chapter waits unsent in this browser, read where the queue keeps it between pages (the
 * database, and localStorage for what a closing page could not write there), without opening the queue: the
 * page's first script asks before it draws the server's text of the chapter, which unsent changes contradict.
 */
export async function holdsUnsentChanges(
  database: OfflineDatabase,
  storage: Storage,
  scope: ChapterScope,
): Promise<boolean> {
  const prefix = chapterPrefix(scope);
  for (let index = 0; index < storage.length; index += 1) {
    if (storage.key(index)?.startsWith(prefix)) return true;
  }
  // Every entry key of the chapter starts with its prefix; no key of another chapter falls between.
  return (await database.count('pendingOps', IDBKeyRange.bound(prefix, `${prefix}\uffff`))) > 0;
}

/** A store that forgets on reload: for browsers that refuse IndexedDB altogether, and for tests. */
export function createMemoryOpStore(): PendingOpStore {
  return createMirroredOpStore(new Map(), () => undefined);
}

/**
 * Takes in what localStorage holds of the queue: a queue an earlier version of the app left there, and what this
 * store wrote there as its page went away before the database had it (see `journalUnwritten`). Either is newer
 * than the database's entry for the same key, so it replaces it. An entry is removed from localStorage only once
 * the database holds it; unreadable entries are left where they are.
 */
async function takeInLocalStorageQueue(database: OfflineDatabase, storage: Storage): Promise<void> {
  const found: [string, PendingOp][] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (!key?.startsWith(`${PREFIX}${SEPARATOR}`)) continue;
    try {
      const op: unknown = JSON.parse(storage.getItem(key) ?? 'null');
      if (isPendingOp(op)) found.push([key, op]);
    } catch {
      // Not an op this app wrote: left alone.
    }
  }
  if (found.length === 0) return;
  const transaction = database.transaction('pendingOps', 'readwrite');
  await Promise.all([...found.map(([key, op]) => transaction.store.put(op, key)), transaction.done]);
  for (const [key] of found) storage.removeItem(key);
}

/** Tells the app's other tabs what changed, so each tab's copy in memory stays the database's. */
const CHANNEL_NAME = 'loreweaver.pending-ops';

/**
 * The browser's IndexedDB (issue 26 §1: no 5 MB bound, not synchronous on the page's thread), behind the same
 * synchronous interface: every entry is read into memory when the store opens, and each change is held there at
 * once and written to the database after it, the changes made meanwhile in one transaction (a keystroke's entry
 * replaces the one before it, so only the latest of each is written). A page may be closed before the database
 * has its last changes: as it goes (`pagehide`, or hidden, where a phone may end it), what is not written yet is
 * written to localStorage, synchronously, and taken in when the store next opens. Other tabs' changes arrive
 * through a BroadcastChannel.
 */
export async function openIndexedDbOpStore(
  database: OfflineDatabase,
  storage: Storage | undefined,
  onStorageError: (error: unknown) => void = () => undefined,
): Promise<PendingOpStore> {
  if (storage) await takeInLocalStorageQueue(database, storage).catch(onStorageError);
  const entries = new Map<string, PendingOp>();
  let cursor = await database.transaction('pendingOps').store.openCursor();
  while (cursor) {
    if (isPendingOp(cursor.value)) entries.set(String(cursor.key), cursor.value);
    cursor = await cursor.continue();
  }

  /** Changes held in memory that the database does not have yet, by key (null: removed). */
  const unwritten = new Map<string, PendingOp | null>();
  /** Keys written to localStorage as the page went away, to remove there once the database has them. */
  const journaled = new Set<string>();
  let writing = false;

  /**
   * Writes what is unwritten, batch after batch. A change leaves `unwritten` (and its copy in localStorage goes)
   * only once a transaction holding it has committed: one the browser aborts — as it does to the transactions of
   * a page being closed — or refuses leaves the change where it is, still copied to localStorage as the page goes,
   * and the next change tries again.
   */
  const writeUnwritten = async () => {
    writing = true;
    try {
      while (unwritten.size > 0) {
        const batch = [...unwritten];
        try {
          const transaction = database.transaction('pendingOps', 'readwrite');
          await Promise.all([
            ...batch.map(([key, op]) =>
              op ? transaction.store.put(op, key) : transaction.store.delete(key),
            ),
            transaction.done,
          ]);
        } catch (error) {
          onStorageError(error);
          return;
        }
        for (const [key, op] of batch) {
          if (unwritten.get(key) !== op) continue;
          unwritten.delete(key);
          if (journaled.delete(key)) storage?.removeItem(key);
        }
      }
    } finally {
      writing = false;
    }
  };

  const journalUnwritten = () => {
    if (!storage) return;
    for (const [key, op] of unwritten) {
      try {
        if (op) storage.setItem(key, JSON.stringify(op));
        else storage.removeItem(key);
        journaled.add(key);
      } catch (error) {
        onStorageError(error);
      }
    }
  };
  window.addEventListener('pagehide', journalUnwritten);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') journalUnwritten();
  });

  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : undefined;
  channel?.addEventListener('message', (event: MessageEvent<PendingOpChange>) => {
    const { key, op } = event.data;
    if (op && isPendingOp(op)) entries.set(key, op);
    else entries.delete(key);
  });
  return createMirroredOpStore(entries, (change) => {
    unwritten.set(change.key, change.op);
    // After the current task: every change it made goes in one transaction.
    if (!writing) queueMicrotask(() => void (writing || writeUnwritten()));
    channel?.postMessage(change);
  });
}
