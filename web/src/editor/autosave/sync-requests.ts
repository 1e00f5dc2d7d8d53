import { placementsBetween } from '../../../../shared/ordering';
import type {
  BlockOrderRequest,
  DeleteBlocksRequest,
  SaveBlocksRequest,
} from '../../../../shared/schemas/block';
import { MAX_BLOCKS_PER_REQUEST } from '../../../../shared/validation';
import type { ChapterScope, DeleteOp, PendingOp, SaveOp, SyncOrderOp } from './pending-ops';

/**
 * One call of the block sync (spec §7), named by its fetcher in `api/chapter-content.ts`: `saveBlocks` (changed
 * blocks), `deleteBlocks` and `reorderBlocks` (the paragraphs that moved), each with the body it takes.
 */
export type SyncCall =
  | { endpoint: 'saveBlocks'; storyId: string; body: SaveBlocksRequest }
  | { endpoint: 'deleteBlocks'; storyId: string; body: DeleteBlocksRequest }
  | { endpoint: 'reorderBlocks'; storyId: string; body: BlockOrderRequest };

/** A call built from queued ops, naming the ops it carries so exactly those are acknowledged when it succeeds. */
export interface SyncRequest {
  call: SyncCall;
  ops: PendingOp[];
}

/**
 * Sends one call; resolves only on a 2xx. A rejection carries the HTTP `status` (0 when the server could not
 * be reached), which is how the queue tells "offline" and "chapter being created" (501) from failures.
 */
export type SyncTransport = (call: SyncCall, options: { keepalive: boolean }) => Promise<void>;

export interface RequestLimits {
  maxItems: number;
  /** Upper bound of a whole body's UTF-8 size. */
  maxBodyBytes: number;
}

/** Browsers refuse keepalive bodies (together) over 64 KiB; fetches made while the page unloads must be keepalive. */
export const KEEPALIVE_BODY_LIMIT_BYTES = 64 * 1024;
/** Regular flushes: far below API Gateway's and Lambda's payload limits, and the server's blocks-per-request. */
export const REGULAR_LIMITS: RequestLimits = { maxItems: MAX_BLOCKS_PER_REQUEST, maxBodyBytes: 1024 * 1024 };
export const KEEPALIVE_LIMITS: RequestLimits = {
  maxItems: MAX_BLOCKS_PER_REQUEST,
  maxBodyBytes: KEEPALIVE_BODY_LIMIT_BYTES - 1,
};

const utf8 = new TextEncoder();

export function jsonByteLength(value: unknown): number {
  return utf8.encode(JSON.stringify(value)).length;
}

/**
 * Splits `items` into bodies `envelope(batch)` of at most `limits`. JSON of an array is its items joined by
 * commas, so each body's size is known exactly without serialising it twice. An item too large for any body
 * goes alone (the server will judge it).
 */
function splitIntoBodies<T>(items: T[], envelope: (batch: T[]) => unknown, limits: RequestLimits): T[][] {
  const overhead = jsonByteLength(envelope([]));
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = overhead;
  for (const item of items) {
    const size = jsonByteLength(item);
    const fits = current.length < limits.maxItems && bytes + 1 + size <= limits.maxBodyBytes;
    if (current.length > 0 && !fits) {
      batches.push(current);
      current = [];
      bytes = overhead;
    }
    // Every item after the first is preceded by a comma.
    bytes += (current.length > 0 ? 1 : 0) + size;
    current.push(item);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

interface BlockPayload {
  key_id: string;
  chunk: string;
  place: string;
  base_revision?: number;
}

const baseRevisionOf = (op: SaveOp | DeleteOp) =>
  op.baseRevision === undefined ? {} : { base_revision: op.baseRevision };

export function saveRequests(scope: ChapterScope, ops: SaveOp[], limits: RequestLimits): SyncRequest[] {
  const envelope = (blocks: BlockPayload[]) => ({
    story_id: scope.storyId,
    chapter_id: scope.chapterId,
    blocks,
  });
  const payloads = ops.map((op) => ({
    op,
    block: { key_id: op.keyId, chunk: op.chunk, place: String(op.place), ...baseRevisionOf(op) },
  }));
  const byBlock = new Map(payloads.map(({ op, block }) => [block, op]));
  return splitIntoBodies(
    payloads.map(({ block }) => block),
    envelope,
    limits,
  ).map((blocks) => ({
    call: { endpoint: 'saveBlocks', storyId: scope.storyId, body: envelope(blocks) },
    ops: blocks.map((block) => byBlock.get(block)!),
  }));
}

export function deleteRequests(scope: ChapterScope, ops: DeleteOp[], limits: RequestLimits): SyncRequest[] {
  const envelope = (blocks: { key_id: string; base_revision?: number }[]) => ({
    story_id: scope.storyId,
    chapter_id: scope.chapterId,
    blocks,
  });
  const payloads = ops.map((op) => ({ key_id: op.keyId, ...baseRevisionOf(op) }));
  const byBlock = new Map(payloads.map((block, index) => [block, ops[index]!]));
  return splitIntoBodies(payloads, envelope, limits).map((blocks) => ({
    call: { endpoint: 'deleteBlocks', storyId: scope.storyId, body: envelope(blocks) },
    ops: blocks.map((block) => byBlock.get(block)!),
  }));
}

/**
 * The order sync: the placements that turn what the server holds (`serverOrder`, as far as this page knows)
 * into the op's order, so moving one paragraph of 5,000 names one; the full order, which the server applies
 * whatever it holds, when the page does not know or placements alone cannot get there.
 */
export function orderRequest(
  scope: ChapterScope,
  op: SyncOrderOp,
  serverOrder: readonly string[] | null,
): SyncRequest {
  const placements =
    (serverOrder && placementsBetween(serverOrder, op.keyIds)) ??
    op.keyIds.map((id, index) => ({ id, index }));
  return {
    call: {
      endpoint: 'reorderBlocks',
      storyId: scope.storyId,
      body: {
        chapter_id: scope.chapterId,
        blocks: placements.map(({ id, index }) => ({ key_id: id, place: String(index) })),
      },
    },
    ops: [op],
  };
}
