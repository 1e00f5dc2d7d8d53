import type { PendingOps, SaveOp } from './pending-ops';

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
