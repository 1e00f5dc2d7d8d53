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

const PREFIX = 'loreweaver.pending.v1';
/** Ids never contain '|' (the server admits letters, digits, '-' and '_'), so it separates key parts safely. */
const SEPARATOR = '|';

function chapterPrefix(scope: ChapterScope): string {
  return [PREFIX, scope.storyId, scope.chapterId, ''].join(SEPARATOR);
}

function entryKey(op: PendingOp): string {
  return chapterPrefix(op) + (op.type === 'syncOrder' ? 'order' : `block${SEPARATOR}${op.keyId}`);
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

/**
 * The browser's localStorage: synchronous, so an op is stored before the keystroke's update returns and the
 * page-hide handler needs no async work. A full or refused storage is reported, and the op still lives in
 * memory and is sent as usual.
 */
export function createLocalStorageOpStore(
  storage: Storage,
  onStorageError: (error: unknown) => void = () => undefined,
): PendingOpStore {
  const keysWithPrefix = (prefix: string): string[] => {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    return keys;
  };
  const remove = (key: string) => {
    try {
      storage.removeItem(key);
    } catch (error) {
      onStorageError(error);
    }
  };

  return {
    load(scope) {
      const ops: PendingOp[] = [];
      for (const key of keysWithPrefix(chapterPrefix(scope))) {
        try {
          const op: unknown = JSON.parse(storage.getItem(key) ?? 'null');
          if (isPendingOp(op)) ops.push(op);
        } catch (error) {
          onStorageError(error);
        }
      }
      return ops;
    },
    put(op) {
      try {
        storage.setItem(entryKey(op), JSON.stringify(op));
      } catch (error) {
        onStorageError(error);
      }
    },
    removeBlock(scope, keyId) {
      remove(`${chapterPrefix(scope)}block${SEPARATOR}${keyId}`);
    },
    removeOrder(scope) {
      remove(`${chapterPrefix(scope)}order`);
    },
    chaptersWithPendingOps(storyId) {
      const chapters = new Set<string>();
      for (const key of keysWithPrefix([PREFIX, storyId, ''].join(SEPARATOR))) {
        const chapterId = key.split(SEPARATOR)[2];
        if (chapterId) chapters.add(chapterId);
      }
      return [...chapters];
    },
  };
}

/** A store that forgets on reload: for browsers that refuse localStorage altogether, and for tests. */
export function createMemoryOpStore(): PendingOpStore {
  const entries = new Map<string, PendingOp>();
  return {
    load: (scope) =>
      [...entries.entries()].filter(([key]) => key.startsWith(chapterPrefix(scope))).map(([, op]) => op),
    put: (op) => void entries.set(entryKey(op), op),
    removeBlock: (scope, keyId) => void entries.delete(`${chapterPrefix(scope)}block${SEPARATOR}${keyId}`),
    removeOrder: (scope) => void entries.delete(`${chapterPrefix(scope)}order`),
    chaptersWithPendingOps: (storyId) => [
      ...new Set([...entries.values()].filter((op) => op.storyId === storyId).map((op) => op.chapterId)),
    ],
  };
}
