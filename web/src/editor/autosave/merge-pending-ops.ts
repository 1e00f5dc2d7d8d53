import { mergeParagraph } from '../../../../shared/paragraph-merge';
import type { BlockOp, PendingOps, SaveOp } from './pending-ops';

/** One paragraph as stored: its key_id and chunk (the paragraph's JSON as text). */
export interface StoredBlock {
  keyId: string;
  chunk: string;
}

/**
 * What the author sees after a reload: the server's content with the ops it has not acknowledged yet laid
 * over it. A pending save replaces the server's version of its block (or adds the block at its place), a
 * pending delete removes it, and a pending order wins; blocks the pending order does not know (written by
 * another tab) keep their server order after it, so nothing stored is hidden.
 */
export function mergePendingOps(server: StoredBlock[], pending: PendingOps): StoredBlock[] {
  const chunks = new Map(server.map((block) => [block.keyId, block.chunk]));
  const added: SaveOp[] = [];
  for (const op of pending.blocks) {
    if (op.type === 'delete') {
      chunks.delete(op.keyId);
    } else {
      if (!chunks.has(op.keyId)) added.push(op);
      chunks.set(op.keyId, op.chunk);
    }
  }

  let order: string[];
  if (pending.order) {
    const ordered = pending.order.keyIds.filter((keyId) => chunks.has(keyId));
    const placed = new Set(ordered);
    order = [
      ...ordered,
      ...server.map((block) => block.keyId).filter((keyId) => chunks.has(keyId) && !placed.has(keyId)),
    ];
    for (const keyId of order) placed.add(keyId);
    for (const op of added) if (!placed.has(op.keyId)) order.push(op.keyId);
  } else {
    order = server.map((block) => block.keyId).filter((keyId) => chunks.has(keyId));
    for (const op of [...added].sort((a, b) => a.place - b.place)) {
      order.splice(Math.min(op.place, order.length), 0, op.keyId);
    }
  }
  return order.map((keyId) => ({ keyId, chunk: chunks.get(keyId)! }));
}

/** A paragraph as the content call answers it: with its revision, when the server gives one. */
export interface ServerBlock extends StoredBlock {
  revision?: number;
}

/** Starts the text of this page's version of a paragraph that another window changed too. */
export const CONFLICTED_COPY_MARKER = '[Conflicted copy] ';

/**
 * This page's version of a paragraph, as a new paragraph `keyId` whose text starts with the marker (bold), so
 * the author sees which of the two versions was typed here and can keep either; `conflict_of` names the other.
 */
export function conflictedCopy(chunk: string, keyId: string, conflictOf: string): string {
  const marker = {
    type: 'text',
    version: 1,
    text: CONFLICTED_COPY_MARKER,
    format: 1,
    style: '',
    detail: 0,
    mode: 'normal',
  };
  let paragraph: Record<string, unknown>;
  try {
    paragraph = JSON.parse(chunk) as Record<string, unknown>;
  } catch {
    paragraph = { type: 'custom-paragraph', version: 1, children: [{ ...marker, text: chunk, format: 0 }] };
  }
  const children = Array.isArray(paragraph.children) ? (paragraph.children as unknown[]) : [];
  return JSON.stringify({
    ...paragraph,
    key_id: keyId,
    conflict_of: conflictOf,
    children: [marker, ...children],
  });
}

export interface Reconciliation {
  /** What the page shows: the server's content with this page's unsent changes laid over it. */
  blocks: StoredBlock[];
  /** The unsent block ops, based on the server's current revisions. */
  ops: BlockOp[];
  /** Paragraphs both this page and another window changed in the same words: both versions are kept. */
  conflicts: number;
  /** Paragraphs both changed in different places: merged into one, with both changes. */
  merged: number;
}

/**
 * The op with its unconfirmed earlier save settled by what the server holds: stored (the same chunk at the
 * revision after), the op is based on it; not stored, on the revision it already names.
 */
function settled(op: BlockOp, block: ServerBlock | undefined): BlockOp {
  if (!op.unconfirmed) return op;
  const { unconfirmed, ...rest } = op;
  const stored = block?.revision === unconfirmed.baseRevision + 1 && block.chunk === unconfirmed.chunk;
  return stored ? { ...rest, baseRevision: block.revision, baseChunk: block.chunk } : rest;
}

/**
 * The server's content (read after another window changed the chapter, or at load) joined to what this page
 * holds unsent, losing neither side:
 * - a save the server already holds (same chunk) is done; one based on the server's current revision (or on
 *   none known) is still to send; one whose paragraph another window changed is merged three-way with that
 *   change (`mergeParagraph`, from the version this page started from) and sent as the merge, or, where both
 *   changed the same words, becomes a new paragraph right after the server's version, marked as the conflicted
 *   copy; one whose paragraph was deleted elsewhere brings it back;
 * - a delete of a paragraph already gone is done; of one changed elsewhere is dropped, keeping that change.
 */
export function reconcileWithServer(
  server: ServerBlock[],
  pending: PendingOps,
  newKeyId: () => string,
): Reconciliation {
  const stored = new Map(server.map((block) => [block.keyId, block]));
  const ops: BlockOp[] = [];
  const copies = new Map<string, SaveOp>();
  let merged = 0;
  for (const pendingOp of pending.blocks) {
    const block = stored.get(pendingOp.keyId);
    const op = settled(pendingOp, block);
    const unchecked = op.baseRevision === undefined || (block !== undefined && block.revision === undefined);
    if (op.type === 'delete') {
      if (block && (unchecked || block.revision === op.baseRevision)) ops.push(op);
      continue;
    }
    if (block?.chunk === op.chunk) continue;
    if (unchecked || block?.revision === op.baseRevision) ops.push(op);
    else if (!block) {
      const { baseChunk: _deletedElsewhere, ...rest } = op;
      ops.push({ ...rest, baseRevision: 0 });
    } else if (op.baseChunk !== undefined && mergeInto(op, op.baseChunk, block, ops)) {
      merged += 1;
    } else {
      const keyId = newKeyId();
      const { baseChunk: _otherBase, ...rest } = op;
      copies.set(op.keyId, {
        ...rest,
        keyId,
        chunk: conflictedCopy(op.chunk, keyId, op.keyId),
        baseRevision: 0,
      });
    }
  }

  const blocks: StoredBlock[] = [];
  for (const block of mergePendingOps(server, { blocks: ops, order: pending.order })) {
    blocks.push(block);
    const copy = copies.get(block.keyId);
    if (copy) blocks.push({ keyId: copy.keyId, chunk: copy.chunk });
  }
  const places = new Map(blocks.map((block, place) => [block.keyId, place]));
  for (const copy of copies.values()) ops.push({ ...copy, place: places.get(copy.keyId)! });
  return { blocks, ops, conflicts: copies.size, merged };
}

/**
 * This page's save merged with the server's newer version of its paragraph, queued as a save based on that
 * version (none when the merge is what the server holds). False when both changed the same words.
 */
function mergeInto(op: SaveOp, baseChunk: string, block: ServerBlock, ops: BlockOp[]): boolean {
  const merge = mergeParagraph(baseChunk, op.chunk, block.chunk);
  if (merge.kind === 'conflict') return false;
  if (merge.chunk !== block.chunk) {
    ops.push({
      ...op,
      chunk: merge.chunk,
      ...(block.revision === undefined ? {} : { baseRevision: block.revision }),
      baseChunk: block.chunk,
    });
  }
  return true;
}
