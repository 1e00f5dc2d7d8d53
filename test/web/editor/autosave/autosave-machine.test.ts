import { describe, expect, it } from 'vitest';
import {
  AUTOSAVE_INTERVAL_MS,
  FAILURES_BEFORE_ALERT,
  INITIAL_AUTOSAVE_STATE,
  RETRY_BASE_DELAY_MS,
  RETRY_MAX_DELAY_MS,
  maySendOnPageHide,
  retryDelay,
  saveStatusOf,
  transition,
  type AutosaveContext,
  type AutosaveInput,
  type AutosaveState,
} from '../../../../web/src/editor/autosave/autosave-machine';

const world: AutosaveContext = { now: 10_000, waiting: 1, online: true };

/** Runs inputs in order from `state`, each in `context`, and collects every effect. */
function run(state: AutosaveState, inputs: AutosaveInput[], context: Partial<AutosaveContext> = {}) {
  const effects = [];
  let current = state;
  for (const input of inputs) {
    const result = transition(current, input, { ...world, ...context });
    current = result.state;
    effects.push(...result.effects);
  }
  return { state: current, effects };
}

const flushing = run(INITIAL_AUTOSAVE_STATE, [{ type: 'changed' }, { type: 'flushRequested' }]).state;

describe('autosave transition: flushing', () => {
  it('arms the periodic check when the first change is queued', () => {
    const { state, effects } = run(INITIAL_AUTOSAVE_STATE, [{ type: 'changed' }]);

    expect(state.wakeAt).toBe(world.now + AUTOSAVE_INTERVAL_MS);
    expect(state.lastChangeAt).toBe(world.now);
    expect(effects).toEqual([]);
  });

  it('starts a flush when asked and something waits, and nothing when the queue is empty', () => {
    const started = run(INITIAL_AUTOSAVE_STATE, [{ type: 'flushRequested' }]);
    const empty = run(INITIAL_AUTOSAVE_STATE, [{ type: 'flushRequested' }], { waiting: 0 });

    expect(started.effects).toEqual([{ type: 'startFlush' }]);
    expect(started.state.phase).toMatchObject({ name: 'flushing', again: false });
    expect(empty.effects).toEqual([]);
    expect(empty.state.phase).toEqual({ name: 'idle' });
  });

  it('skips a periodic check inside the quiet window and checks again a period later', () => {
    const changed = run(INITIAL_AUTOSAVE_STATE, [{ type: 'changed' }]).state;

    const { state, effects } = run(changed, [{ type: 'due' }], { now: world.now + 1_000 });

    expect(effects).toEqual([]);
    expect(state.wakeAt).toBe(world.now + 1_000 + AUTOSAVE_INTERVAL_MS);
  });

  it('flushes at a periodic check once the quiet window has passed', () => {
    const changed = run(INITIAL_AUTOSAVE_STATE, [{ type: 'changed' }]).state;

    const { effects } = run(changed, [{ type: 'due' }], { now: world.now + AUTOSAVE_INTERVAL_MS });

    expect(effects).toEqual([{ type: 'startFlush' }]);
  });

  it('goes again right after a successful flush that was asked for meanwhile, but not after a failed one', () => {
    const asked = run(flushing, [{ type: 'flushRequested' }]).state;

    const succeeded = run(asked, [{ type: 'flushSucceeded' }]);
    const failed = run(asked, [{ type: 'flushFailed', kind: 'server' }]);

    expect(asked.phase).toMatchObject({ name: 'flushing', again: true });
    expect(succeeded.effects).toEqual([{ type: 'startFlush' }]);
    expect(failed.effects).toEqual([]);
  });

  it('ignores everything once disposed', () => {
    const disposed = run(flushing, [{ type: 'disposed' }]).state;

    const { state, effects } = run(disposed, [{ type: 'flushSucceeded' }, { type: 'retryRequested' }]);

    expect(state.phase).toEqual({ name: 'disposed' });
    expect(state.wakeAt).toBeNull();
    expect(effects).toEqual([]);
  });
});

describe('autosave transition: backoff', () => {
  it('backs off 2 s, 4 s, 8 s … up to a minute, and the one timer is the retry', () => {
    const { state } = run(flushing, [{ type: 'flushFailed', kind: 'server' }]);

    expect(state.phase).toEqual({
      name: 'backoff',
      failure: { kind: 'server', attempts: 1, counted: 1 },
      retryAt: world.now + RETRY_BASE_DELAY_MS,
    });
    expect(state.wakeAt).toBe(world.now + RETRY_BASE_DELAY_MS);
    expect([1, 2, 3, 10].map(retryDelay)).toEqual([2_000, 4_000, 8_000, RETRY_MAX_DELAY_MS]);
  });

  it('counts attempts across retries and asks for the sync alert once per run of failures', () => {
    const failOnce: AutosaveInput[] = [{ type: 'retryRequested' }, { type: 'flushFailed', kind: 'server' }];
    const inputs = Array.from({ length: FAILURES_BEFORE_ALERT + 2 }, () => failOnce).flat();

    const { state, effects } = run(INITIAL_AUTOSAVE_STATE, inputs);

    expect(state.phase).toMatchObject({ name: 'backoff', failure: { attempts: FAILURES_BEFORE_ALERT + 2 } });
    expect(effects.filter((effect) => effect.type === 'emit')).toEqual([
      { type: 'emit', event: { type: 'unableToSync' } },
    ]);
  });

  it('does not count a failure while the browser knows it is offline, nor a 501', () => {
    const offline = run(flushing, [{ type: 'flushFailed', kind: 'offline' }], { online: false }).state;
    const creating = run(flushing, [{ type: 'flushFailed', kind: 'creating' }]);

    expect(offline.phase).toMatchObject({ failure: { attempts: 1, counted: 0 } });
    expect(creating.state.phase).toMatchObject({ failure: { attempts: 1, counted: 0 } });
    expect(creating.effects).toEqual([{ type: 'emit', event: { type: 'chapterCreating' } }]);
  });

  it('retries when the backoff is due, and waits a period while the browser is offline', () => {
    const backoff = run(flushing, [{ type: 'flushFailed', kind: 'offline' }]).state;
    const due = { now: world.now + RETRY_BASE_DELAY_MS };

    const online = run(backoff, [{ type: 'due' }], due);
    const offline = run(backoff, [{ type: 'due' }], { ...due, online: false });

    expect(online.effects).toEqual([{ type: 'startFlush' }]);
    expect(offline.effects).toEqual([]);
    expect(offline.state.wakeAt).toBe(due.now + AUTOSAVE_INTERVAL_MS);
  });

  it('ends the run of failures with a success', () => {
    const retried = run(flushing, [
      { type: 'flushFailed', kind: 'server' },
      { type: 'retryRequested' },
      { type: 'flushSucceeded' },
    ]).state;

    expect(retried.phase).toEqual({ name: 'idle' });
    expect(saveStatusOf(retried, world)).toEqual({ state: 'saving', waiting: 1 });
  });
});

describe('autosave transition: holds', () => {
  it('starts nothing while paused, and lets a flush under way finish before the pause takes hold', () => {
    const paused = run(flushing, [{ type: 'paused' }, { type: 'flushRequested' }]);
    const afterFlush = run(paused.state, [{ type: 'flushSucceeded' }, { type: 'flushRequested' }]);
    const resumed = run(afterFlush.state, [{ type: 'resumed' }, { type: 'flushRequested' }]);

    expect(paused.state.phase).toMatchObject({ name: 'flushing', holds: { pauses: 1 } });
    expect(afterFlush.state.phase).toEqual({ name: 'paused', pauses: 1, resumeTo: { name: 'idle' } });
    expect(afterFlush.effects).toEqual([]);
    expect(resumed.effects).toEqual([{ type: 'startFlush' }]);
  });

  it('after a load that saw 501, sends nothing, not even on page hide, until the chapter is confirmed ready', () => {
    const awaiting = run(INITIAL_AUTOSAVE_STATE, [
      { type: 'chapterCreationSeen' },
      { type: 'retryRequested' },
    ]);
    const confirmed = run(awaiting.state, [{ type: 'chapterReadyConfirmed' }]);

    expect(awaiting.effects).toEqual([]);
    expect(maySendOnPageHide(awaiting.state)).toBe(false);
    expect(saveStatusOf(awaiting.state, world).state).toBe('creating');
    expect(confirmed.effects).toEqual([{ type: 'startFlush' }]);
    expect(maySendOnPageHide(confirmed.state)).toBe(true);
  });

  it('announces the chapter ready at once when it is confirmed and nothing waits', () => {
    const { effects } = run(
      INITIAL_AUTOSAVE_STATE,
      [{ type: 'chapterCreationSeen' }, { type: 'chapterReadyConfirmed' }],
      { waiting: 0 },
    );

    expect(effects).toEqual([{ type: 'emit', event: { type: 'chapterReady' } }]);
  });

  it('announces the chapter ready after the first successful flush once a 501 was seen', () => {
    const { effects } = run(flushing, [
      { type: 'flushFailed', kind: 'creating' },
      { type: 'retryRequested' },
      { type: 'flushSucceeded' },
    ]);

    expect(effects).toEqual([
      { type: 'emit', event: { type: 'chapterCreating' } },
      { type: 'startFlush' },
      { type: 'emit', event: { type: 'chapterReady' } },
    ]);
  });

  it('goes back to sending when the editor awaiting the chapter is gone, keeping a hold that came mid-flush', () => {
    const heldMidFlush = run(flushing, [
      { type: 'chapterCreationSeen' },
      { type: 'flushFailed', kind: 'server' },
    ]);
    const abandoned = run(heldMidFlush.state, [{ type: 'creationAwaitAbandoned' }]);

    expect(heldMidFlush.state.phase).toMatchObject({ name: 'awaitingCreation', failure: { attempts: 1 } });
    expect(abandoned.effects).toEqual([{ type: 'startFlush' }]);
    expect(abandoned.state.phase).toMatchObject({ name: 'flushing', failure: { attempts: 1 } });
  });
});

describe('autosave status', () => {
  it('derives Saved, Offline, Not saved yet and Chapter being created from the phase', () => {
    const failedWith = (kind: 'offline' | 'server' | 'creating') =>
      run(flushing, [{ type: 'flushFailed', kind }]).state;

    expect(saveStatusOf(flushing, { ...world, waiting: 0 })).toEqual({ state: 'saved', waiting: 0 });
    expect(saveStatusOf(flushing, world).state).toBe('saving');
    expect(saveStatusOf(flushing, { ...world, online: false }).state).toBe('offline');
    expect(saveStatusOf(failedWith('offline'), world).state).toBe('offline');
    expect(saveStatusOf(failedWith('server'), world).state).toBe('retrying');
    expect(saveStatusOf(failedWith('creating'), world).state).toBe('creating');
  });
});

describe('autosave transition: the chapter changed elsewhere', () => {
  const conflicted = run(flushing, [{ type: 'flushFailed', kind: 'changed' }]);

  it('stops sending and asks for a reload when a write is refused as based on a replaced revision', () => {
    const { state, effects } = run(conflicted.state, [
      { type: 'flushRequested' },
      { type: 'retryRequested' },
      { type: 'due' },
      { type: 'changed' },
      { type: 'due' },
    ]);

    expect(conflicted.effects).toEqual([{ type: 'emit', event: { type: 'chapterChanged' } }]);
    expect(conflicted.state.wakeAt).toBeNull();
    expect(state.phase).toEqual({ name: 'conflicted' });
    expect(effects).toEqual([]);
    expect(saveStatusOf(state, world)).toEqual({ state: 'conflicted', waiting: 1 });
    expect(maySendOnPageHide(state)).toBe(false);
  });

  it('sends again at once once the chapter is reloaded and what waits is rebased', () => {
    const { state, effects } = run(conflicted.state, [{ type: 'reconciled' }]);

    expect(effects).toEqual([{ type: 'startFlush' }]);
    expect(state.phase).toMatchObject({ name: 'flushing', failure: null });
  });

  it('stays stopped through the reload that pauses it, and resumes idle after it', () => {
    const paused = run(conflicted.state, [{ type: 'paused' }, { type: 'reconciled' }]).state;

    const { state } = run(paused, [{ type: 'resumed' }]);

    expect(paused.phase).toEqual({ name: 'paused', pauses: 1, resumeTo: { name: 'idle' } });
    expect(state.phase).toEqual({ name: 'idle' });
    expect(state.wakeAt).toBe(world.now + AUTOSAVE_INTERVAL_MS);
  });

  it('does not count a refusal for a changed chapter towards the sync alert', () => {
    const { effects } = run(flushing, [
      { type: 'flushFailed', kind: 'server' },
      { type: 'retryRequested' },
      { type: 'flushFailed', kind: 'server' },
      { type: 'retryRequested' },
      { type: 'flushFailed', kind: 'changed' },
    ]);

    expect(effects).not.toContainEqual({ type: 'emit', event: { type: 'unableToSync' } });
  });
});
