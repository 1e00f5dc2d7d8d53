import { CHAPTER_CREATION_FAILED_CODE } from '../../../../shared/schemas/chapter';
import {
  INITIAL_AUTOSAVE_STATE,
  maySendOnPageHide,
  saveStatusOf,
  transition,
  type AutosaveContext,
  type AutosaveEffect,
  type AutosaveEvent,
  type AutosaveInput,
  type AutosaveState,
  type FailureKind,
  type SaveStatus,
} from './autosave-machine';
import { applyPlacements } from '../../../../shared/ordering';
import { reconcileWithServer, type Reconciliation, type ServerBlock } from './merge-pending-ops';
import type { PendingOpStore } from './pending-op-store';
import type {
  BlockOp,
  ChapterScope,
  PendingOp,
  PendingOps,
  SaveOp,
  SyncOrderOp,
  UnconfirmedSave,
} from './pending-ops';
import {
  deleteRequests,
  jsonByteLength,
  KEEPALIVE_BODY_LIMIT_BYTES,
  KEEPALIVE_LIMITS,
  orderRequest,
  REGULAR_LIMITS,
  saveRequests,
  type RequestLimits,
  type SyncRequest,
  type SyncTransport,
} from './sync-requests';

export {
  AUTOSAVE_INTERVAL_MS,
  FAILURES_BEFORE_ALERT,
  QUIET_WINDOW_MS,
  RETRY_BASE_DELAY_MS,
  RETRY_MAX_DELAY_MS,
  type AutosaveEvent,
  type SaveState,
  type SaveStatus,
} from './autosave-machine';

export interface AutosaveQueueOptions {
  scope: ChapterScope;
  transport: SyncTransport;
  store: PendingOpStore;
  /** The browser's own idea of connectivity (`navigator.onLine`). */
  isOnline?: () => boolean;
  /** Spec §8: failed saves, deletes and order syncs are logged. */
  log?: (message: string, error: unknown) => void;
}

/** The server's answer to a write based on a paragraph revision another window has replaced. */
export const CHAPTER_CHANGED_CODE = 'chapter_changed';

/** A save that was sent and failed, which the server may nonetheless hold; none for a save never sent. */
function unconfirmedSaveOf(op: BlockOp): UnconfirmedSave | undefined {
  if (op.type !== 'save' || !op.retry || op.baseRevision === undefined) return undefined;
  return { baseRevision: op.baseRevision, chunk: op.chunk, place: op.place };
}

/** The unconfirmed save, sent again as it was first sent. */
function confirmationOf(op: BlockOp, unconfirmed: UnconfirmedSave): SaveOp {
  return {
    storyId: op.storyId,
    chapterId: op.chapterId,
    keyId: op.keyId,
    retry: true,
    type: 'save',
    chunk: unconfirmed.chunk,
    place: unconfirmed.place,
    baseRevision: unconfirmed.baseRevision,
  };
}

function failureKindOf(error: unknown): FailureKind {
  const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown };
  // A chapter whose creation failed takes nothing either, until it has been asked for again and created.
  if (status === 501 || (status === 409 && code === CHAPTER_CREATION_FAILED_CODE)) return 'creating';
  if (status === 409 && code === CHAPTER_CHANGED_CODE) return 'changed';
  if (status === 0 || typeof status !== 'number') return 'offline';
  return 'server';
}

/**
 * The autosave queue of one chapter (spec §4 "Block saving"), free of React and Lexical.
 *
 * One pending op per block key_id (save or delete) plus the chapter's order. A save queued after a delete of
 * the same block is ignored; a delete replaces a save (so a flush never sends a save for a block it deletes).
 * A flush sends saves, then deletes, then the order, and stops at the first failure; an op leaves the queue
 * (and the browser's store) only when a 2xx acknowledged the very op that was sent, so a change queued while
 * its block was in flight is sent again. Failed ops stay queued with their retry flag set, and the queue
 * retries with exponential backoff for as long as the page is open.
 *
 * When to send is decided by the state machine of `autosave-machine.ts`; this class holds the ops, performs
 * the machine's effects and keeps its one timer on the machine's `wakeAt`.
 */
export class AutosaveQueue {
  readonly scope: ChapterScope;
  private readonly transport: SyncTransport;
  private readonly store: PendingOpStore;
  private readonly isOnline: () => boolean;
  private readonly log: (message: string, error: unknown) => void;

  private readonly blockOps = new Map<string, BlockOp>();
  private orderOp: SyncOrderOp | null = null;
  /**
   * The server's revision of each paragraph as this page last knew it, which new ops are based on. Filled by
   * `reconcile` (the chapter's load); until then, and for a server that answers no revisions, ops carry none
   * and are written unconditionally. An entry may hold `undefined`: known, but its revision is not.
   */
  private readonly revisions = new Map<string, number | undefined>();
  /** The paragraph each known revision holds: what a new op is based on, for a three-way merge. */
  private readonly serverChunks = new Map<string, string>();
  private tracksRevisions = false;
  /**
   * The paragraph order the server holds, as far as this page knows: read at `reconcile`, then followed through
   * every acknowledged save, delete and order sync (`applyPlacements`, as the server applies them). An order sync
   * then names only what moved, and none is sent when the saves already placed every paragraph. Null when not
   * known (before the load, after a failed request): the full order is sent.
   */
  private serverOrder: string[] | null = null;

  private state: AutosaveState = INITIAL_AUTOSAVE_STATE;
  /** The flush under way, for callers that wait for it; present exactly while the phase is 'flushing'. */
  private running: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt: number | null = null;

  private status: SaveStatus = { state: 'saved', waiting: 0 };
  /** When (`performance.now()`) a 2xx last acknowledged a write of this queue; never, at first. */
  private writeAcknowledgedAt = Number.NEGATIVE_INFINITY;
  private readonly statusListeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: AutosaveEvent) => void>();

  constructor(options: AutosaveQueueOptions) {
    this.scope = { storyId: options.scope.storyId, chapterId: options.scope.chapterId };
    this.transport = options.transport;
    this.store = options.store;
    this.isOnline = options.isOnline ?? (() => true);
    this.log = options.log ?? (() => undefined);
    for (const op of this.store.load(this.scope)) {
      if (op.type === 'syncOrder') this.orderOp = op;
      else this.blockOps.set(op.keyId, op);
    }
    if (this.waitingCount() > 0) this.dispatch({ type: 'changed' });
    this.updateStatus();
  }

  // Queuing

  /** Queues the block's latest content. Ignored (returns false) when a delete of the block is pending. */
  save(keyId: string, chunk: string, place: number): boolean {
    if (this.blockOps.get(keyId)?.type === 'delete') return false;
    this.putBlockOp({ ...this.blockOpBase(keyId), type: 'save', chunk, place });
    return true;
  }

  /**
   * Queues a save that overrides a pending delete: for a block that is back in the document (an undone
   * deletion), where the delete is what became stale.
   */
  restore(keyId: string, chunk: string, place: number): void {
    this.putBlockOp({ ...this.blockOpBase(keyId), type: 'save', chunk, place });
  }

  delete(keyId: string): void {
    this.putBlockOp({ ...this.blockOpBase(keyId), type: 'delete' });
  }

  /** The chapter's full order of key_ids. */
  syncOrder(keyIds: string[]): void {
    const op: SyncOrderOp = { ...this.opBase(), type: 'syncOrder', keyIds: [...keyIds] };
    this.orderOp = op;
    this.store.put(op);
    this.dispatch({ type: 'changed' });
  }

  /** What has not been acknowledged, for laying over the server's content when the chapter is opened. */
  pendingOps(): PendingOps {
    return { blocks: [...this.blockOps.values()], order: this.orderOp };
  }

  hasPendingDelete(keyId: string): boolean {
    return this.blockOps.get(keyId)?.type === 'delete';
  }

  /**
   * Joins the server's content (the chapter's load or reload) to what waits unsent, losing neither side (see
   * `reconcileWithServer`): the waiting ops are rebased on the server's revisions, conflicting paragraphs are
   * kept twice, and a queue stopped by a 409 `chapter_changed` sends again. Answers what the page shows.
   */
  reconcile(server: ServerBlock[], newKeyId: () => string): Omit<Reconciliation, 'ops'> {
    this.revisions.clear();
    this.serverChunks.clear();
    this.tracksRevisions = server.every((block) => block.revision !== undefined);
    for (const block of server) this.knowServerBlock(block.keyId, block.revision, block.chunk);
    this.serverOrder = server.map((block) => block.keyId);
    const { blocks, ops, conflicts, merged } = reconcileWithServer(server, this.pendingOps(), newKeyId);
    for (const op of this.blockOps.values()) this.store.removeBlock(this.scope, op.keyId);
    this.blockOps.clear();
    for (const op of ops) {
      this.blockOps.set(op.keyId, op);
      this.store.put(op);
    }
    this.dispatch({ type: 'reconciled' });
    return { blocks, conflicts, merged };
  }

  /** Revisions of paragraphs taken from the server outside a load (the starter paragraph of a created chapter). */
  adoptRevisions(server: ServerBlock[]): void {
    for (const block of server) {
      if (!this.blockOps.has(block.keyId)) this.knowServerBlock(block.keyId, block.revision, block.chunk);
    }
  }

  /** What the server holds of a paragraph, as far as this page knows: its revision and its chunk. */
  private knowServerBlock(keyId: string, revision: number | undefined, chunk: string): void {
    this.revisions.set(keyId, revision);
    this.serverChunks.set(keyId, chunk);
  }

  // Flushing

  /** Sends everything queued now. Resolves when this flush (or the one already running) is over; never rejects. */
  flush(): Promise<void> {
    this.dispatch({ type: 'flushRequested' });
    return this.running ?? Promise.resolve();
  }

  /**
   * The page is going away (spec §4: flush on unload): sends what is queued with `keepalive`, in bodies under
   * the browser's 64 KiB keepalive budget, saves first, as many as fit. Nothing leaves the queue
   * unless acknowledged; whatever does not get through is still in the browser's store for the next visit.
   */
  flushWithKeepalive(): void {
    if (!maySendOnPageHide(this.state)) return;
    let budget = KEEPALIVE_BODY_LIMIT_BYTES;
    for (const request of this.buildRequests(KEEPALIVE_LIMITS)) {
      const size = jsonByteLength(request.call.body);
      // A smaller request further on (a delete, the order) may still fit.
      if (size > budget) continue;
      budget -= size;
      this.transport(request.call, { keepalive: true }).then(
        () => this.acknowledge(request.ops),
        (error: unknown) => this.log('Autosave on page hide failed; the changes stay queued.', error),
      );
    }
  }

  /** Retries at once, e.g. when the browser comes back online or the chapter has been created. */
  retryNow(): Promise<void> {
    this.dispatch({ type: 'retryRequested' });
    return this.running ?? Promise.resolve();
  }

  /** Holds flushing (while the chapter's content is read, so the read and the queue agree); waits for a running flush. */
  pause(): Promise<void> {
    this.dispatch({ type: 'paused' });
    return this.running ?? Promise.resolve();
  }

  resume(): void {
    this.dispatch({ type: 'resumed' });
  }

  /** Whether nothing waits to be sent and nothing is on its way. */
  isSettled(): boolean {
    return this.waitingCount() === 0 && this.running === null;
  }

  /** The paragraph as the server holds it, as far as this page knows (undefined when it does not). */
  knownServerChunk(keyId: string): string | undefined {
    return this.serverChunks.get(keyId);
  }

  /**
   * The chapter as the server holds it, as far as this page knows (its order and every paragraph's chunk and
   * revision): what is kept for opening the chapter offline. Undefined when the order is not known.
   */
  knownServerContent(): ServerBlock[] | undefined {
    if (!this.serverOrder) return undefined;
    const blocks: ServerBlock[] = [];
    for (const keyId of this.serverOrder) {
      const chunk = this.serverChunks.get(keyId);
      if (chunk === undefined) return undefined;
      const revision = this.revisions.get(keyId);
      blocks.push({ keyId, chunk, ...(revision === undefined ? {} : { revision }) });
    }
    return blocks;
  }

  /** The content call answered 501: nothing is sent until `confirmChapterReady`. */
  markChapterCreating(): void {
    this.dispatch({ type: 'chapterCreationSeen' });
  }

  /**
   * The editor that was to reconcile the created chapter is gone (the author opened another chapter): the
   * queue goes back to sending, and retries through 501s until the chapter exists.
   */
  stopAwaitingCreation(): void {
    this.dispatch({ type: 'creationAwaitAbandoned' });
  }

  /**
   * The chapter is ready and the editor holds the server's content: sends what waits, and announces the
   * chapter ready now if nothing waits, or after that flush otherwise.
   */
  confirmChapterReady(): void {
    this.dispatch({ type: 'chapterReadyConfirmed' });
  }

  /** The browser went on- or offline. */
  connectivityChanged(): void {
    this.updateStatus();
    if (this.isOnline()) void this.retryNow();
  }

  /**
   * Stops the queue for good: its timer is cleared and nothing more is sent (a flush under way still
   * finishes). What waits stays in the browser's store for the next queue of the chapter.
   */
  dispose(): void {
    this.dispatch({ type: 'disposed' });
    this.statusListeners.clear();
    this.eventListeners.clear();
  }

  // Observing (the `useSyncExternalStore` contract: a stable snapshot until something changes)

  getStatus = (): SaveStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  };

  onEvent(listener: (event: AutosaveEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => {
      this.eventListeners.delete(listener);
    };
  }

  // Internals

  private context(): AutosaveContext {
    return { now: Date.now(), waiting: this.waitingCount(), online: this.isOnline() };
  }

  /** Runs one input through the machine, then performs its effects and aligns the timer with it. */
  private dispatch(input: AutosaveInput): void {
    const { state, effects } = transition(this.state, input, this.context());
    this.state = state;
    this.alignTimer();
    this.updateStatus();
    effects.forEach((effect) => this.perform(effect));
  }

  private perform(effect: AutosaveEffect): void {
    if (effect.type === 'emit') {
      this.eventListeners.forEach((listener) => listener(effect.event));
      return;
    }
    const run = this.sendAll().then((input) => {
      if (this.running === run) this.running = null;
      this.dispatch(input);
    });
    this.running = run;
  }

  /** The one timer: set for the machine's `wakeAt`, whether that is a periodic check or a retry. */
  private alignTimer(): void {
    const { wakeAt } = this.state;
    if (wakeAt === this.timerAt) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = wakeAt;
    if (wakeAt === null) return;
    this.timer = setTimeout(
      () => {
        this.timerAt = null;
        this.dispatch({ type: 'due' });
      },
      Math.max(0, wakeAt - Date.now()),
    );
  }

  private opBase() {
    return { ...this.scope, retry: false };
  }

  /**
   * A new op for a paragraph is based on what the server holds: the revision a waiting op for it was based on
   * (that op has not been stored yet), or the one last known; 0 for a paragraph the server does not have.
   */
  private blockOpBase(keyId: string) {
    const waiting = this.blockOps.get(keyId);
    const baseRevision = waiting
      ? waiting.baseRevision
      : this.revisions.has(keyId)
        ? this.revisions.get(keyId)
        : this.tracksRevisions
          ? 0
          : undefined;
    const baseChunk = waiting ? waiting.baseChunk : this.serverChunks.get(keyId);
    return {
      ...this.opBase(),
      keyId,
      ...(baseRevision === undefined ? {} : { baseRevision }),
      ...(baseChunk === undefined ? {} : { baseChunk }),
    };
  }

  private putBlockOp(op: BlockOp): void {
    const waiting = this.blockOps.get(op.keyId);
    const unconfirmed = waiting && (unconfirmedSaveOf(waiting) ?? waiting.unconfirmed);
    const queued = unconfirmed ? { ...op, unconfirmed } : op;
    this.blockOps.set(op.keyId, queued);
    this.store.put(queued);
    this.dispatch({ type: 'changed' });
  }

  private waitingCount(): number {
    return this.blockOps.size + (this.orderOp ? 1 : 0);
  }

  private buildRequests(limits: RequestLimits): SyncRequest[] {
    return [
      ...this.blockRequests(limits),
      ...(this.orderOp ? [orderRequest(this.scope, this.orderOp, this.serverOrder)] : []),
    ];
  }

  private blockRequests(
    limits: RequestLimits,
    sendable: (op: BlockOp) => boolean = () => true,
  ): SyncRequest[] {
    const ops = [...this.blockOps.values()].filter(sendable);
    return [
      ...saveRequests(
        this.scope,
        ops.filter((op) => op.type === 'save'),
        limits,
      ),
      ...deleteRequests(
        this.scope,
        ops.filter((op) => op.type === 'delete'),
        limits,
      ),
    ];
  }

  /**
   * The order sync, built once the paragraphs' requests are acknowledged: none when the server already holds
   * the order (new paragraphs placed by their saves), which is then acknowledged as sent.
   */
  private pendingOrderRequest(): SyncRequest | undefined {
    const op = this.orderOp;
    if (!op) return undefined;
    const serverOrder = this.serverOrder;
    if (
      serverOrder?.length === op.keyIds.length &&
      serverOrder.every((id, index) => id === op.keyIds[index])
    ) {
      this.acknowledge([op]);
      return undefined;
    }
    return orderRequest(this.scope, op, serverOrder);
  }

  /**
   * One flush: every request in order, stopping at the first failure; answers the machine's input. Earlier saves
   * never confirmed go first, then the ops. An op that gained such a save while requests were on their way (the
   * author changed or deleted a paragraph whose save had just failed) is left for another round, which confirms
   * that save first: sent before it, the op would be based on a revision the server may have left behind.
   */
  private async sendAll(): Promise<AutosaveInput> {
    for (;;) {
      const confirmations = [...this.blockOps.values()].flatMap((op) =>
        op.unconfirmed ? [confirmationOf(op, op.unconfirmed)] : [],
      );
      for (const request of saveRequests(this.scope, confirmations, REGULAR_LIMITS)) {
        try {
          await this.transport(request.call, { keepalive: false });
        } catch (error) {
          this.log('Autosave could not confirm an earlier save; it will be retried.', error);
          return { type: 'flushFailed', kind: failureKindOf(error) };
        }
        this.confirm(request.ops as SaveOp[]);
      }
      for (const request of this.blockRequests(REGULAR_LIMITS, (op) => !op.unconfirmed)) {
        const failed = await this.send(request);
        if (failed) return failed;
      }
      if (![...this.blockOps.values()].some((op) => op.unconfirmed)) break;
    }
    const order = this.pendingOrderRequest();
    const failed = order && (await this.send(order));
    if (failed) return failed;
    return { type: 'flushSucceeded' };
  }

  /** Sends one request and acknowledges its ops; answers the machine's input when it failed. */
  private async send(request: SyncRequest): Promise<AutosaveInput | undefined> {
    try {
      await this.transport(request.call, { keepalive: false });
    } catch (error) {
      this.markForRetry(request.ops, error);
      return { type: 'flushFailed', kind: failureKindOf(error) };
    }
    this.acknowledge(request.ops);
    return undefined;
  }

  /**
   * When a 2xx last acknowledged a write of this queue (`performance.now()`, negative infinity if none): a read
   * of the chapter started before then may not hold that write.
   */
  lastWriteAcknowledgedAt(): number {
    return this.writeAcknowledgedAt;
  }

  /** Removes exactly the ops a 2xx acknowledged; a newer op for the same block stays queued. */
  private acknowledge(ops: PendingOp[]): void {
    this.writeAcknowledgedAt = performance.now();
    this.followServerOrder(ops);
    for (const op of ops) {
      if (op.type === 'syncOrder') {
        if (this.orderOp === op) {
          this.orderOp = null;
          this.store.removeOrder(this.scope);
        }
      } else {
        this.acknowledgeBlockOp(op);
      }
    }
    this.updateStatus();
  }

  /** What the acknowledged ops did to the server's order: the server places new paragraphs as their saves say. */
  private followServerOrder(ops: PendingOp[]): void {
    if (!this.serverOrder) return;
    const known = new Set(this.serverOrder);
    const deleted = new Set(ops.flatMap((op) => (op.type === 'delete' ? [op.keyId] : [])));
    const order = deleted.size > 0 ? this.serverOrder.filter((id) => !deleted.has(id)) : this.serverOrder;
    const placed = ops.flatMap((op) =>
      op.type === 'save' && !known.has(op.keyId) ? [{ id: op.keyId, index: op.place }] : [],
    );
    const synced = ops.find((op) => op.type === 'syncOrder');
    this.serverOrder = synced ? [...synced.keyIds] : applyPlacements(order, placed);
  }

  /**
   * The server now holds the op: its revision is the next one (a save based on revision r stored r + 1; a
   * delete left none), and a newer op for the paragraph, queued meanwhile, is now based on that.
   */
  private acknowledgeBlockOp(op: BlockOp): void {
    const revision =
      op.type === 'delete' ? 0 : op.baseRevision === undefined ? undefined : op.baseRevision + 1;
    if (op.type === 'delete') {
      this.revisions.delete(op.keyId);
      this.serverChunks.delete(op.keyId);
    } else {
      this.knowServerBlock(op.keyId, revision, op.chunk);
    }
    const current = this.blockOps.get(op.keyId);
    if (current === op) {
      this.blockOps.delete(op.keyId);
      this.store.removeBlock(this.scope, op.keyId);
    } else if (current && current.baseRevision !== undefined && revision !== undefined) {
      const { baseChunk: _previousBase, ...rest } = current;
      const rebased = {
        ...rest,
        baseRevision: revision,
        ...(op.type === 'save' ? { baseChunk: op.chunk } : {}),
      };
      this.blockOps.set(op.keyId, rebased);
      this.store.put(rebased);
    }
  }

  /** The server now holds each confirmed save: the op waiting for its paragraph is based on it. */
  private confirm(confirmations: SaveOp[]): void {
    for (const confirmation of confirmations) {
      const current = this.blockOps.get(confirmation.keyId);
      if (current?.unconfirmed?.chunk !== confirmation.chunk) continue;
      const revision = current.unconfirmed.baseRevision + 1;
      const { unconfirmed: _confirmed, ...rest } = current;
      const rebased = { ...rest, baseRevision: revision, baseChunk: confirmation.chunk };
      this.knowServerBlock(current.keyId, revision, confirmation.chunk);
      this.blockOps.set(current.keyId, rebased);
      this.store.put(rebased);
    }
  }

  /**
   * Spec §4: a failed save, delete or order sync is re-queued with its retry flag set. The server may have
   * stored a failed save all the same (its answer lost): a newer op queued for the paragraph meanwhile keeps it
   * as unconfirmed, to be sent again before it.
   */
  private markForRetry(ops: PendingOp[], error: unknown): void {
    this.log('Autosave failed; the changes stay queued and will be retried.', error);
    // The server may have applied the request all the same: its order is no longer known.
    this.serverOrder = null;
    for (const op of ops) {
      if (op.type === 'syncOrder') {
        if (this.orderOp === op) {
          this.orderOp = { ...op, retry: true };
          this.store.put(this.orderOp);
        }
        continue;
      }
      const current = this.blockOps.get(op.keyId);
      if (current === op) {
        const retried = { ...op, retry: true };
        this.blockOps.set(op.keyId, retried);
        this.store.put(retried);
        continue;
      }
      const unconfirmed = unconfirmedSaveOf({ ...op, retry: true });
      if (current && unconfirmed && current.baseRevision === op.baseRevision && !current.unconfirmed) {
        const kept = { ...current, unconfirmed };
        this.blockOps.set(op.keyId, kept);
        this.store.put(kept);
      }
    }
  }

  private updateStatus(): void {
    const next = saveStatusOf(this.state, this.context());
    if (next.state === this.status.state && next.waiting === this.status.waiting) return;
    this.status = next;
    this.statusListeners.forEach((listener) => listener());
  }
}
