import type { PendingOpStore } from './pending-op-store';
import type { BlockOp, ChapterScope, PendingOp, PendingOps, SyncOrderOp } from './pending-ops';
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

/** Spec §9: the autosave period. */
export const AUTOSAVE_INTERVAL_MS = 5_000;
/** Spec §4/§9: no periodic flush within this long after a change, so a flush does not race the typing. */
export const QUIET_WINDOW_MS = 2_000;
/** Retries after a failed flush wait 2 s, 4 s, 8 s … up to a minute, and never stop while the page is open. */
export const RETRY_BASE_DELAY_MS = 2_000;
export const RETRY_MAX_DELAY_MS = 60_000;
/** Consecutive failed flushes (not counting 'chapter being created' or a browser that knows it is offline). */
export const FAILURES_BEFORE_ALERT = 3;

export type SaveState = 'saved' | 'saving' | 'offline' | 'retrying' | 'creating';

export interface SaveStatus {
  state: SaveState;
  /** Ops the server has not acknowledged: one per changed block, plus one for a changed order. */
  waiting: number;
}

export type AutosaveEvent =
  /** A write answered 501: the chapter is still being created on the server. */
  | { type: 'chapterCreating' }
  /** The first successful flush after the chapter was being created (spec §4 'Chapter ready'). */
  | { type: 'chapterReady' }
  /** Repeated failures: time for the 'Unable to sync' alert (once per run of failures). */
  | { type: 'unableToSync' };

type FailureKind = 'offline' | 'creating' | 'server';

export interface AutosaveQueueOptions {
  scope: ChapterScope;
  transport: SyncTransport;
  store: PendingOpStore;
  /** The browser's own idea of connectivity (`navigator.onLine`). */
  isOnline?: () => boolean;
  /** Spec §8: failed saves, deletes and order syncs are logged. */
  log?: (message: string, error: unknown) => void;
}

function failureKindOf(error: unknown): FailureKind {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 501) return 'creating';
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
 */
export class AutosaveQueue {
  readonly scope: ChapterScope;
  private readonly transport: SyncTransport;
  private readonly store: PendingOpStore;
  private readonly isOnline: () => boolean;
  private readonly log: (message: string, error: unknown) => void;

  private readonly blockOps = new Map<string, BlockOp>();
  private orderOp: SyncOrderOp | null = null;

  private lastChangeAt = Number.NEGATIVE_INFINITY;
  private nextAttemptAt = 0;
  private failedAttempts = 0;
  private countedFailures = 0;
  private failureKind: FailureKind | null = null;
  private alertedThisRun = false;
  private chapterCreating = false;
  /**
   * The load saw 501: nothing is sent until the editor has reconciled with the created chapter
   * (`confirmChapterReady`), so the creation worker's starter paragraph is always replaced, whichever of the
   * readiness check and a retry would otherwise have reached the server first.
   */
  private awaitingCreation = false;

  private flushing: Promise<void> | null = null;
  private flushRequested = false;
  private pauses = 0;
  private interval: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  private status: SaveStatus = { state: 'saved', waiting: 0 };
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
    this.afterChange();
  }

  // Queuing

  /** Queues the block's latest content. Ignored (returns false) when a delete of the block is pending. */
  save(keyId: string, chunk: string, place: number): boolean {
    if (this.blockOps.get(keyId)?.type === 'delete') return false;
    this.putBlockOp({ ...this.opBase(), type: 'save', keyId, chunk, place });
    return true;
  }

  /**
   * Queues a save that overrides a pending delete: for a block that is back in the document (an undone
   * deletion), where the delete is what became stale.
   */
  restore(keyId: string, chunk: string, place: number): void {
    this.putBlockOp({ ...this.opBase(), type: 'save', keyId, chunk, place });
  }

  delete(keyId: string): void {
    this.putBlockOp({ ...this.opBase(), type: 'delete', keyId });
  }

  /** The chapter's full order of key_ids. */
  syncOrder(keyIds: string[]): void {
    const op: SyncOrderOp = { ...this.opBase(), type: 'syncOrder', keyIds: [...keyIds] };
    this.orderOp = op;
    this.store.put(op);
    this.lastChangeAt = Date.now();
    this.afterChange();
  }

  /** What has not been acknowledged, for laying over the server's content when the chapter is opened. */
  pendingOps(): PendingOps {
    return { blocks: [...this.blockOps.values()], order: this.orderOp };
  }

  hasPendingDelete(keyId: string): boolean {
    return this.blockOps.get(keyId)?.type === 'delete';
  }

  // Flushing

  /** Sends everything queued now. Resolves when this flush (or the one already running) is over; never rejects. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushRequested = true;
      return this.flushing;
    }
    if (this.pauses > 0 || this.awaitingCreation || this.waitingCount() === 0) return Promise.resolve();
    const run = this.runFlush().finally(() => {
      this.flushing = null;
      const again = this.flushRequested && this.failureKind === null;
      this.flushRequested = false;
      this.updateStatus();
      if (again) void this.flush();
    });
    this.flushing = run;
    this.updateStatus();
    return run;
  }

  /**
   * The page is going away (spec §4: flush on unload): sends what is queued with `keepalive`, in bodies under
   * the browser's 64 KiB keepalive budget, saves first, as many as fit. Nothing leaves the queue
   * unless acknowledged; whatever does not get through is still in the browser's store for the next visit.
   */
  flushWithKeepalive(): void {
    if (this.awaitingCreation) return;
    let budget = KEEPALIVE_BODY_LIMIT_BYTES;
    for (const request of this.buildRequests(KEEPALIVE_LIMITS)) {
      const size = jsonByteLength(request.body);
      // A smaller request further on (a delete, the order) may still fit.
      if (size > budget) continue;
      budget -= size;
      this.transport(
        { method: request.method, path: request.path, body: request.body },
        { keepalive: true },
      ).then(
        () => this.acknowledge(request.ops),
        (error: unknown) => this.log('Autosave on page hide failed; the changes stay queued.', error),
      );
    }
  }

  /** Retries at once, e.g. when the browser comes back online or the chapter has been created. */
  retryNow(): Promise<void> {
    this.nextAttemptAt = 0;
    clearTimeout(this.retryTimer);
    return this.flush();
  }

  /** Holds flushing (while the chapter's content is read, so the read and the queue agree); waits for a running flush. */
  pause(): Promise<void> {
    this.pauses += 1;
    return this.flushing ?? Promise.resolve();
  }

  resume(): void {
    this.pauses = Math.max(0, this.pauses - 1);
  }

  /** The content call answered 501: nothing is sent until `confirmChapterReady`. */
  markChapterCreating(): void {
    this.chapterCreating = true;
    this.awaitingCreation = true;
    this.updateStatus();
  }

  /**
   * The editor that was to reconcile the created chapter is gone (the author opened another chapter): the
   * queue goes back to sending, and retries through 501s until the chapter exists.
   */
  stopAwaitingCreation(): void {
    if (!this.awaitingCreation) return;
    this.awaitingCreation = false;
    void this.retryNow();
  }

  /**
   * The chapter is ready and the editor holds the server's content: sends what waits, and announces the
   * chapter ready now if nothing waits, or after that flush otherwise.
   */
  confirmChapterReady(): void {
    this.awaitingCreation = false;
    if (!this.chapterCreating) return;
    if (this.waitingCount() === 0) {
      this.chapterCreating = false;
      this.updateStatus();
      this.emit({ type: 'chapterReady' });
    } else {
      void this.retryNow();
    }
  }

  /** The browser went on- or offline. */
  connectivityChanged(): void {
    this.updateStatus();
    if (this.isOnline()) void this.retryNow();
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

  private opBase() {
    return { ...this.scope, time: Date.now(), retry: false };
  }

  private putBlockOp(op: BlockOp): void {
    this.blockOps.set(op.keyId, op);
    this.store.put(op);
    this.lastChangeAt = Date.now();
    this.afterChange();
  }

  private waitingCount(): number {
    return this.blockOps.size + (this.orderOp ? 1 : 0);
  }

  private buildRequests(limits: RequestLimits): SyncRequest[] {
    const ops = [...this.blockOps.values()];
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
      ...(this.orderOp ? [orderRequest(this.scope, this.orderOp)] : []),
    ];
  }

  private async runFlush(): Promise<void> {
    for (const request of this.buildRequests(REGULAR_LIMITS)) {
      try {
        await this.transport(
          { method: request.method, path: request.path, body: request.body },
          { keepalive: false },
        );
      } catch (error) {
        this.failed(request.ops, error);
        return;
      }
      this.acknowledge(request.ops);
    }
    this.succeeded();
  }

  /** Removes exactly the ops a 2xx acknowledged; a newer op for the same block stays queued. */
  private acknowledge(ops: PendingOp[]): void {
    for (const op of ops) {
      if (op.type === 'syncOrder') {
        if (this.orderOp === op) {
          this.orderOp = null;
          this.store.removeOrder(this.scope);
        }
      } else if (this.blockOps.get(op.keyId) === op) {
        this.blockOps.delete(op.keyId);
        this.store.removeBlock(this.scope, op.keyId);
      }
    }
    this.updateStatus();
  }

  private failed(ops: PendingOp[], error: unknown): void {
    this.log('Autosave failed; the changes stay queued and will be retried.', error);
    for (const op of ops) {
      if (op.type === 'syncOrder') {
        if (this.orderOp === op) {
          this.orderOp = { ...op, retry: true };
          this.store.put(this.orderOp);
        }
      } else if (this.blockOps.get(op.keyId) === op) {
        const retried = { ...op, retry: true };
        this.blockOps.set(op.keyId, retried);
        this.store.put(retried);
      }
    }

    const kind = failureKindOf(error);
    this.failureKind = kind;
    if (kind === 'creating') {
      if (!this.chapterCreating) {
        this.chapterCreating = true;
        this.emit({ type: 'chapterCreating' });
      }
    } else if (kind === 'server' || this.isOnline()) {
      this.countedFailures += 1;
      if (this.countedFailures >= FAILURES_BEFORE_ALERT && !this.alertedThisRun) {
        this.alertedThisRun = true;
        this.emit({ type: 'unableToSync' });
      }
    }

    this.failedAttempts += 1;
    const delay = Math.min(RETRY_BASE_DELAY_MS * 2 ** (this.failedAttempts - 1), RETRY_MAX_DELAY_MS);
    this.nextAttemptAt = Date.now() + delay;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (this.isOnline()) void this.flush();
    }, delay);
  }

  private succeeded(): void {
    this.failureKind = null;
    this.failedAttempts = 0;
    this.countedFailures = 0;
    this.alertedThisRun = false;
    this.nextAttemptAt = 0;
    clearTimeout(this.retryTimer);
    if (this.chapterCreating) {
      this.chapterCreating = false;
      this.emit({ type: 'chapterReady' });
    }
  }

  private tick = (): void => {
    if (this.waitingCount() === 0) {
      clearInterval(this.interval);
      this.interval = undefined;
      return;
    }
    const now = Date.now();
    if (now - this.lastChangeAt < QUIET_WINDOW_MS || now < this.nextAttemptAt || !this.isOnline()) return;
    void this.flush();
  };

  private afterChange(): void {
    if (this.waitingCount() > 0 && this.interval === undefined) {
      this.interval = setInterval(this.tick, AUTOSAVE_INTERVAL_MS);
    }
    this.updateStatus();
  }

  private computeStatus(): SaveStatus {
    const waiting = this.waitingCount();
    if (waiting === 0) return { state: 'saved', waiting };
    if (!this.isOnline() || this.failureKind === 'offline') return { state: 'offline', waiting };
    if (
      this.failureKind === 'creating' ||
      (this.chapterCreating && this.failureKind === null && !this.flushing)
    ) {
      return { state: 'creating', waiting };
    }
    if (this.failureKind === 'server') return { state: 'retrying', waiting };
    return { state: 'saving', waiting };
  }

  private updateStatus(): void {
    const next = this.computeStatus();
    if (next.state === this.status.state && next.waiting === this.status.waiting) return;
    this.status = next;
    this.statusListeners.forEach((listener) => listener());
  }

  private emit(event: AutosaveEvent): void {
    this.eventListeners.forEach((listener) => listener(event));
  }
}
