/**
 * The autosave queue's decisions as one explicit state machine (spec §4 "Block saving"), free of timers, I/O
 * and the ops themselves: `transition` takes the state, an event and a snapshot of the world (the time, how
 * many ops wait, whether the browser is online) and answers the next state and what to do. The queue
 * (`autosave-queue.ts`) performs the effects, keeps one timer aligned with `wakeAt`, and owns the ops.
 */

/** Spec §9: the autosave period. */
export const AUTOSAVE_INTERVAL_MS = 5_000;
/** Spec §4/§9: no periodic flush within this long after a change, so a flush does not race the typing. */
export const QUIET_WINDOW_MS = 2_000;
/** Retries after a failed flush wait 2 s, 4 s, 8 s … up to a minute, and never stop while the page is open. */
export const RETRY_BASE_DELAY_MS = 2_000;
export const RETRY_MAX_DELAY_MS = 60_000;
/** Consecutive failed flushes (not counting 'chapter being created' or a browser that knows it is offline). */
export const FAILURES_BEFORE_ALERT = 3;

/**
 * 'notCreated' never comes from the machine: the editor shows it in place of 'creating' once the chapter's
 * creation has failed (the queue stays held the same way).
 */
export type SaveState =
  'saved' | 'saving' | 'offline' | 'retrying' | 'creating' | 'notCreated' | 'conflicted';

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
  | { type: 'unableToSync' }
  /** A write was based on a revision another window has replaced: the chapter must be reloaded. */
  | { type: 'chapterChanged' };

/**
 * 'creating': the server answered 501; 'offline': it could not be reached; 'changed': 409 `chapter_changed`;
 * 'server': any other refusal.
 */
export type FailureKind = 'offline' | 'creating' | 'changed' | 'server';

/** The current run of failed flushes; it ends with the next successful one. */
export interface FailureRun {
  /** The latest failure's kind. */
  kind: FailureKind;
  /** Failed flushes in the run: the backoff grows with them. */
  attempts: number;
  /** Those that count towards the 'Unable to sync' alert. */
  counted: number;
}

/** What a running flush must honour once it is over: pauses and a creation hold that arrived meanwhile. */
export interface Holds {
  pauses: number;
  awaitingCreation: boolean;
}

/** A phase with no flush running. */
export type SettledPhase =
  | { name: 'idle' }
  /** A flush failed: the next one starts at `retryAt` (or sooner when asked to). */
  | { name: 'backoff'; failure: FailureRun; retryAt: number }
  /**
   * The load saw 501: nothing is sent until the editor has reconciled with the created chapter, so the
   * creation worker's starter paragraph is always replaced, whichever of the readiness check and a retry would
   * otherwise have reached the server first.
   */
  | { name: 'awaitingCreation'; failure: FailureRun | null }
  /**
   * The server refused a write because another window changed the chapter: nothing is sent (it would be
   * refused the same way) until the page has reloaded the chapter and rebased what it holds on it.
   */
  | { name: 'conflicted' };

export type AutosavePhase =
  | SettledPhase
  /** `again`: a flush was asked for meanwhile; it follows at once if this one succeeds. */
  | { name: 'flushing'; failure: FailureRun | null; again: boolean; holds: Holds }
  /** Held (while the chapter's content is read, so the read and the queue agree); `pauses` nest. */
  | { name: 'paused'; pauses: number; resumeTo: SettledPhase }
  | { name: 'disposed' };

export interface AutosaveState {
  phase: AutosavePhase;
  /** A 501 was seen and 'Chapter ready' has not been announced yet. */
  chapterCreating: boolean;
  lastChangeAt: number;
  /** The one moment the queue's timer is due (a periodic check or a retry); null: no timer. */
  wakeAt: number | null;
}

export type AutosaveInput =
  /** An op was queued. */
  | { type: 'changed' }
  /** `flush()`: send what waits now. */
  | { type: 'flushRequested' }
  /** `retryNow()`: as `flushRequested`, ignoring the backoff. */
  | { type: 'retryRequested' }
  /** The timer reached `wakeAt`. */
  | { type: 'due' }
  | { type: 'flushSucceeded' }
  | { type: 'flushFailed'; kind: FailureKind }
  | { type: 'paused' }
  | { type: 'resumed' }
  /** The content call answered 501. */
  | { type: 'chapterCreationSeen' }
  /** The editor has reconciled with the created chapter. */
  | { type: 'chapterReadyConfirmed' }
  /** The editor that was to reconcile the created chapter is gone. */
  | { type: 'creationAwaitAbandoned' }
  /** The chapter was reloaded and the waiting ops rebased on it: sending may resume. */
  | { type: 'reconciled' }
  | { type: 'disposed' };

/** What the world looks like when an input arrives. */
export interface AutosaveContext {
  now: number;
  /** Ops not acknowledged yet. */
  waiting: number;
  /** The browser's own idea of connectivity. */
  online: boolean;
}

export type AutosaveEffect = { type: 'startFlush' } | { type: 'emit'; event: AutosaveEvent };

export interface AutosaveTransition {
  state: AutosaveState;
  effects: AutosaveEffect[];
}

export const INITIAL_AUTOSAVE_STATE: AutosaveState = {
  phase: { name: 'idle' },
  chapterCreating: false,
  lastChangeAt: Number.NEGATIVE_INFINITY,
  wakeAt: null,
};

const NO_HOLDS: Holds = { pauses: 0, awaitingCreation: false };

export function retryDelay(attempts: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** (attempts - 1), RETRY_MAX_DELAY_MS);
}

function failureOf(phase: AutosavePhase): FailureRun | null {
  switch (phase.name) {
    case 'backoff':
    case 'awaitingCreation':
    case 'flushing':
      return phase.failure;
    case 'paused':
      return failureOf(phase.resumeTo);
    case 'idle':
    case 'conflicted':
    case 'disposed':
      return null;
  }
}

/** Idle, or in backoff due at once: what a phase becomes when nothing holds it any more. */
function unheld(failure: FailureRun | null): SettledPhase {
  return failure ? { name: 'backoff', failure, retryAt: 0 } : { name: 'idle' };
}

/** The phase after a flush, with the holds that arrived while it ran. */
function settle(outcome: SettledPhase, holds: Holds): AutosavePhase {
  const phase: SettledPhase = holds.awaitingCreation
    ? { name: 'awaitingCreation', failure: failureOf(outcome) }
    : outcome;
  return holds.pauses > 0 ? { name: 'paused', pauses: holds.pauses, resumeTo: phase } : phase;
}

function hasCreationHold(phase: AutosavePhase): boolean {
  if (phase.name === 'awaitingCreation') return true;
  if (phase.name === 'flushing') return phase.holds.awaitingCreation;
  if (phase.name === 'paused') return hasCreationHold(phase.resumeTo);
  return false;
}

function withCreationHold(phase: AutosavePhase): AutosavePhase {
  switch (phase.name) {
    case 'flushing':
      return { ...phase, holds: { ...phase.holds, awaitingCreation: true } };
    case 'paused':
      return { ...phase, resumeTo: { name: 'awaitingCreation', failure: failureOf(phase.resumeTo) } };
    case 'disposed':
      return phase;
    default:
      return { name: 'awaitingCreation', failure: failureOf(phase) };
  }
}

function withoutCreationHold(phase: AutosavePhase): AutosavePhase {
  switch (phase.name) {
    case 'flushing':
      return { ...phase, holds: { ...phase.holds, awaitingCreation: false } };
    case 'paused':
      return { ...phase, resumeTo: settledWithoutCreationHold(phase.resumeTo) };
    case 'disposed':
      return phase;
    default:
      return settledWithoutCreationHold(phase);
  }
}

function settledWithoutCreationHold(phase: SettledPhase): SettledPhase {
  return phase.name === 'awaitingCreation' ? unheld(phase.failure) : phase;
}

/** The timer after a phase starts to send again: the retry if one is set, else the next periodic check. */
function wakeAfterRelease(phase: AutosavePhase, context: AutosaveContext): number | null {
  if (phase.name === 'backoff') return phase.retryAt;
  if (phase.name === 'idle' && context.waiting > 0) return context.now + AUTOSAVE_INTERVAL_MS;
  return null;
}

/** Starts a flush when the phase allows one and something waits; a running flush is asked to go again. */
function requestFlush(state: AutosaveState, context: AutosaveContext): AutosaveTransition {
  const { phase } = state;
  if (phase.name === 'flushing')
    return { state: { ...state, phase: { ...phase, again: true } }, effects: [] };
  if ((phase.name !== 'idle' && phase.name !== 'backoff') || context.waiting === 0) {
    return { state, effects: [] };
  }
  return {
    state: {
      ...state,
      phase: { name: 'flushing', failure: failureOf(phase), again: false, holds: NO_HOLDS },
      wakeAt: null,
    },
    effects: [{ type: 'startFlush' }],
  };
}

function onDue(state: AutosaveState, context: AutosaveContext): AutosaveTransition {
  const { phase } = state;
  const idle = { ...state, wakeAt: null };
  if (context.waiting === 0) return { state: idle, effects: [] };
  const checkAgain = { state: { ...idle, wakeAt: context.now + AUTOSAVE_INTERVAL_MS }, effects: [] };
  if (phase.name === 'idle') {
    const quiet = context.now - state.lastChangeAt >= QUIET_WINDOW_MS;
    return quiet && context.online ? requestFlush(idle, context) : checkAgain;
  }
  if (phase.name === 'backoff') {
    if (context.now < phase.retryAt) return { state: { ...idle, wakeAt: phase.retryAt }, effects: [] };
    return context.online ? requestFlush(idle, context) : checkAgain;
  }
  // A running flush reschedules when it ends; a held queue when it is released.
  return { state: idle, effects: [] };
}

function onFlushSucceeded(state: AutosaveState, context: AutosaveContext): AutosaveTransition {
  const { phase } = state;
  if (phase.name !== 'flushing') return { state, effects: [] };
  const effects: AutosaveEffect[] = [];
  if (state.chapterCreating) effects.push({ type: 'emit', event: { type: 'chapterReady' } });
  const next: AutosaveState = {
    ...state,
    chapterCreating: false,
    phase: settle({ name: 'idle' }, phase.holds),
  };
  next.wakeAt = wakeAfterRelease(next.phase, context);
  if (!phase.again) return { state: next, effects };
  const again = requestFlush(next, context);
  return { state: again.state, effects: [...effects, ...again.effects] };
}

function onFlushFailed(
  state: AutosaveState,
  kind: FailureKind,
  context: AutosaveContext,
): AutosaveTransition {
  const { phase } = state;
  if (phase.name !== 'flushing') return { state, effects: [] };
  if (kind === 'changed') {
    const next = settle({ name: 'conflicted' }, phase.holds);
    return {
      state: { ...state, phase: next, wakeAt: null },
      effects: [{ type: 'emit', event: { type: 'chapterChanged' } }],
    };
  }
  const effects: AutosaveEffect[] = [];
  let { chapterCreating } = state;
  const previous = phase.failure;
  const counts = kind === 'server' || (kind === 'offline' && context.online);
  const failure: FailureRun = {
    kind,
    attempts: (previous?.attempts ?? 0) + 1,
    counted: (previous?.counted ?? 0) + (counts ? 1 : 0),
  };
  if (kind === 'creating' && !chapterCreating) {
    chapterCreating = true;
    effects.push({ type: 'emit', event: { type: 'chapterCreating' } });
  }
  if (counts && failure.counted === FAILURES_BEFORE_ALERT) {
    effects.push({ type: 'emit', event: { type: 'unableToSync' } });
  }
  const retryAt = context.now + retryDelay(failure.attempts);
  const next = settle({ name: 'backoff', failure, retryAt }, phase.holds);
  return {
    state: { ...state, chapterCreating, phase: next, wakeAt: next.name === 'backoff' ? retryAt : null },
    effects,
  };
}

function onPaused(state: AutosaveState): AutosaveState {
  const { phase } = state;
  switch (phase.name) {
    case 'flushing':
      return { ...state, phase: { ...phase, holds: { ...phase.holds, pauses: phase.holds.pauses + 1 } } };
    case 'paused':
      return { ...state, phase: { ...phase, pauses: phase.pauses + 1 } };
    case 'disposed':
      return state;
    default:
      return { ...state, phase: { name: 'paused', pauses: 1, resumeTo: phase }, wakeAt: null };
  }
}

function onResumed(state: AutosaveState, context: AutosaveContext): AutosaveState {
  const { phase } = state;
  if (phase.name === 'flushing') {
    const pauses = Math.max(0, phase.holds.pauses - 1);
    return { ...state, phase: { ...phase, holds: { ...phase.holds, pauses } } };
  }
  if (phase.name !== 'paused') return state;
  if (phase.pauses > 1) return { ...state, phase: { ...phase, pauses: phase.pauses - 1 } };
  return { ...state, phase: phase.resumeTo, wakeAt: wakeAfterRelease(phase.resumeTo, context) };
}

/** Retries at once: the backoff's wait is over. */
function retry(state: AutosaveState, context: AutosaveContext): AutosaveTransition {
  const { phase } = state;
  let next = phase;
  if (phase.name === 'backoff') next = { ...phase, retryAt: 0 };
  else if (phase.name === 'paused' && phase.resumeTo.name === 'backoff') {
    next = { ...phase, resumeTo: { ...phase.resumeTo, retryAt: 0 } };
  }
  return requestFlush({ ...state, phase: next }, context);
}

function releaseCreationHold(state: AutosaveState, context: AutosaveContext): AutosaveState {
  const phase = withoutCreationHold(state.phase);
  return { ...state, phase, wakeAt: state.wakeAt ?? wakeAfterRelease(phase, context) };
}

function onChapterReadyConfirmed(state: AutosaveState, context: AutosaveContext): AutosaveTransition {
  const released = releaseCreationHold(state, context);
  if (!state.chapterCreating) return { state: released, effects: [] };
  if (context.waiting === 0) {
    return {
      state: { ...released, chapterCreating: false },
      effects: [{ type: 'emit', event: { type: 'chapterReady' } }],
    };
  }
  return retry(released, context);
}

function isConflicted(phase: AutosavePhase): boolean {
  return phase.name === 'conflicted' || (phase.name === 'paused' && phase.resumeTo.name === 'conflicted');
}

/** Leaves 'conflicted' (at once, or when the pause that holds it ends) and sends what waits. */
function onReconciled(state: AutosaveState, context: AutosaveContext): AutosaveTransition {
  const { phase } = state;
  if (phase.name === 'paused' && phase.resumeTo.name === 'conflicted') {
    return { state: { ...state, phase: { ...phase, resumeTo: { name: 'idle' } } }, effects: [] };
  }
  if (phase.name !== 'conflicted') return { state, effects: [] };
  return requestFlush({ ...state, phase: { name: 'idle' }, wakeAt: null }, context);
}

/** The one place the queue's behaviour is decided. Pure: the same inputs always give the same answer. */
export function transition(
  state: AutosaveState,
  input: AutosaveInput,
  context: AutosaveContext,
): AutosaveTransition {
  if (state.phase.name === 'disposed') return { state, effects: [] };
  switch (input.type) {
    case 'changed':
      return {
        state: {
          ...state,
          lastChangeAt: context.now,
          wakeAt: state.wakeAt ?? context.now + AUTOSAVE_INTERVAL_MS,
        },
        effects: [],
      };
    case 'flushRequested':
      return requestFlush(state, context);
    case 'retryRequested':
      return retry(state, context);
    case 'due':
      return onDue(state, context);
    case 'flushSucceeded':
      return onFlushSucceeded(state, context);
    case 'flushFailed':
      return onFlushFailed(state, input.kind, context);
    case 'paused':
      return { state: onPaused(state), effects: [] };
    case 'resumed':
      return { state: onResumed(state, context), effects: [] };
    case 'chapterCreationSeen':
      return {
        state: { ...state, chapterCreating: true, phase: withCreationHold(state.phase) },
        effects: [],
      };
    case 'chapterReadyConfirmed':
      return onChapterReadyConfirmed(state, context);
    case 'creationAwaitAbandoned':
      if (!hasCreationHold(state.phase)) return { state, effects: [] };
      return retry(releaseCreationHold(state, context), context);
    case 'reconciled':
      return onReconciled(state, context);
    case 'disposed':
      return { state: { ...state, phase: { name: 'disposed' }, wakeAt: null }, effects: [] };
  }
}

/** The status the toolbar shows, derived from the state alone. */
export function saveStatusOf(state: AutosaveState, context: AutosaveContext): SaveStatus {
  const { waiting } = context;
  if (waiting === 0) return { state: 'saved', waiting };
  if (isConflicted(state.phase)) return { state: 'conflicted', waiting };
  const failure = failureOf(state.phase);
  if (!context.online || failure?.kind === 'offline') return { state: 'offline', waiting };
  if (
    failure?.kind === 'creating' ||
    (state.chapterCreating && failure === null && state.phase.name !== 'flushing')
  ) {
    return { state: 'creating', waiting };
  }
  if (failure?.kind === 'server') return { state: 'retrying', waiting };
  return { state: 'saving', waiting };
}

/**
 * Whether the page-hide flush may send: not while the chapter is awaited (see 'awaitingCreation'), nor while
 * it changed elsewhere (the writes would be refused; they stay stored and are rebased at the next load).
 */
export function maySendOnPageHide(state: AutosaveState): boolean {
  return !hasCreationHold(state.phase) && !isConflicted(state.phase) && state.phase.name !== 'disposed';
}
