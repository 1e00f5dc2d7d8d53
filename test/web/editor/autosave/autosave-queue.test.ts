import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTOSAVE_INTERVAL_MS,
  AutosaveQueue,
  FAILURES_BEFORE_ALERT,
  QUIET_WINDOW_MS,
  RETRY_BASE_DELAY_MS,
  type AutosaveEvent,
} from '../../../../web/src/editor/autosave/autosave-queue';
import {
  createMemoryOpStore,
  type PendingOpStore,
} from '../../../../web/src/editor/autosave/pending-op-store';
import { KEEPALIVE_BODY_LIMIT_BYTES } from '../../../../web/src/editor/autosave/sync-requests';
import { describeRequests, fakeTransport, type SentRequest } from './fake-transport';
import { paragraph, run } from '../../../helpers/paragraphs';

const scope = { storyId: 'story-1', chapterId: 'chapter-1' };

function createQueue(
  options: {
    respond?: (request: SentRequest) => number | { status: number; code: string };
    store?: PendingOpStore;
    online?: () => boolean;
  } = {},
) {
  const { transport, sent } = fakeTransport(options.respond);
  const store = options.store ?? createMemoryOpStore();
  const queue = new AutosaveQueue({ scope, transport, store, isOnline: options.online ?? (() => true) });
  const events: AutosaveEvent['type'][] = [];
  queue.onEvent((event) => events.push(event.type));
  return { queue, sent, store, events };
}

function chunk(keyId: string, text: string): string {
  return JSON.stringify({ type: 'custom-paragraph', key_id: keyId, children: [{ type: 'text', text }] });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('AutosaveQueue: precedence', () => {
  it('sends a queued save with its chunk, place as text, story and chapter, then reports Saved', async () => {
    const { queue, sent } = createQueue();

    queue.save('a', chunk('a', 'Hello'), 3);
    expect(queue.getStatus()).toEqual({ state: 'saving', waiting: 1 });
    await queue.flush();

    expect(sent).toEqual([
      {
        endpoint: 'saveBlocks',
        storyId: 'story-1',
        body: {
          story_id: 'story-1',
          chapter_id: 'chapter-1',
          blocks: [{ key_id: 'a', chunk: chunk('a', 'Hello'), place: '3' }],
        },
        keepalive: false,
      },
    ]);
    expect(queue.getStatus()).toEqual({ state: 'saved', waiting: 0 });
  });

  it('keeps only the latest save of a block', async () => {
    const { queue, sent } = createQueue();

    queue.save('a', chunk('a', 'one'), 0);
    queue.save('a', chunk('a', 'two'), 0);
    await queue.flush();

    expect(sent[0]!.body.blocks).toEqual([{ key_id: 'a', chunk: chunk('a', 'two'), place: '0' }]);
  });

  it('ignores a save queued after a delete of the same block', async () => {
    const { queue, sent } = createQueue();

    queue.delete('a');
    expect(queue.save('a', chunk('a', 'late'), 0)).toBe(false);
    await queue.flush();

    expect(describeRequests(sent)).toEqual(['deleteBlocks story-1 a']);
  });

  it('lets a delete replace a queued save, so no save is sent for a deleted block', async () => {
    const { queue, sent } = createQueue();

    queue.save('a', chunk('a', 'text'), 0);
    queue.save('b', chunk('b', 'kept'), 1);
    queue.delete('a');
    await queue.flush();

    expect(describeRequests(sent)).toEqual(['saveBlocks story-1 b', 'deleteBlocks story-1 a']);
  });

  it('lets a restore (a block back in the document) override a pending delete', async () => {
    const { queue, sent } = createQueue();

    queue.delete('a');
    queue.restore('a', chunk('a', 'back'), 0);
    await queue.flush();

    expect(describeRequests(sent)).toEqual(['saveBlocks story-1 a']);
  });

  it('flushes saves, then deletes, then the full order', async () => {
    const { queue, sent } = createQueue();

    queue.syncOrder(['b', 'c']);
    queue.delete('a');
    queue.save('c', chunk('c', 'new'), 1);
    await queue.flush();

    expect(describeRequests(sent)).toEqual([
      'saveBlocks story-1 c',
      'deleteBlocks story-1 a',
      'reorderBlocks story-1 b,c',
    ]);
    expect(sent[2]!.body).toEqual({
      chapter_id: 'chapter-1',
      blocks: [
        { key_id: 'b', place: '0' },
        { key_id: 'c', place: '1' },
      ],
    });
  });

  it('splits a flush of more blocks than one request may carry', async () => {
    const { queue, sent } = createQueue();

    for (let index = 0; index < 1200; index += 1) queue.save(`k${index}`, chunk(`k${index}`, 'x'), index);
    await queue.flush();

    expect(sent.map((request) => request.body.blocks.length)).toEqual([500, 500, 200]);
    expect(queue.getStatus().waiting).toBe(0);
  });
});

describe('AutosaveQueue: acknowledgement', () => {
  it('keeps a change made while its block was in flight, and sends it next time', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    const queue = new AutosaveQueue({
      scope,
      store: createMemoryOpStore(),
      transport: async (request) => {
        sent.push(JSON.stringify(request.body));
        if (sent.length === 1) await gate;
      },
    });

    queue.save('a', chunk('a', 'first'), 0);
    const flushing = queue.flush();
    queue.save('a', chunk('a', 'second'), 0);
    release();
    await flushing;

    expect(queue.getStatus().waiting).toBe(1);
    await queue.flush();
    expect(sent[1]).toContain('second');
    expect(queue.getStatus().waiting).toBe(0);
  });

  it('acknowledges nothing before the server answers 2xx', async () => {
    const { queue, store } = createQueue({ respond: () => 500 });

    queue.save('a', chunk('a', 'text'), 0);
    await queue.flush();

    expect(store.load(scope)).toEqual([expect.objectContaining({ type: 'save', keyId: 'a', retry: true })]);
    expect(queue.getStatus()).toEqual({ state: 'retrying', waiting: 1 });
  });
});

describe('AutosaveQueue: timing', () => {
  it('flushes every 5 s, but not within 2 s of the last change', async () => {
    const { queue, sent } = createQueue();

    queue.save('a', chunk('a', 'one'), 0);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_INTERVAL_MS - 1000);
    queue.save('a', chunk('a', 'two'), 0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(AUTOSAVE_INTERVAL_MS);
    expect(sent).toHaveLength(1);
    expect(QUIET_WINDOW_MS).toBe(2000);
  });

  it('stops at the first failure, keeps everything with the retry flag, and retries with growing delays', async () => {
    let failures = 2;
    const { queue, sent, store } = createQueue({ respond: () => (failures-- > 0 ? 500 : 204) });

    queue.save('a', chunk('a', 'text'), 0);
    queue.delete('b');
    await queue.flush();
    expect(describeRequests(sent)).toEqual(['saveBlocks story-1 a']);
    expect(store.load(scope).find((op) => op.type === 'save')?.retry).toBe(true);

    await vi.advanceTimersByTimeAsync(RETRY_BASE_DELAY_MS);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(RETRY_BASE_DELAY_MS);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(RETRY_BASE_DELAY_MS);
    expect(describeRequests(sent).slice(2)).toEqual(['saveBlocks story-1 a', 'deleteBlocks story-1 b']);
    expect(queue.getStatus()).toEqual({ state: 'saved', waiting: 0 });
  });

  it('never gives up while the page is open', async () => {
    let fail = true;
    const { queue, sent } = createQueue({ respond: () => (fail ? 503 : 204) });

    queue.save('a', chunk('a', 'text'), 0);
    await queue.flush();
    await vi.advanceTimersByTimeAsync(30 * 60 * 1000);
    const attempts = sent.length;
    fail = false;
    await vi.advanceTimersByTimeAsync(60 * 1000);

    expect(attempts).toBeGreaterThan(30);
    expect(queue.getStatus().state).toBe('saved');
  });
});

describe('AutosaveQueue: failures and alerts', () => {
  it(`asks for the 'Unable to sync' alert after ${FAILURES_BEFORE_ALERT} failed flushes, once per run of failures`, async () => {
    let fail = true;
    const { queue, events } = createQueue({ respond: () => (fail ? 500 : 204) });

    queue.save('a', chunk('a', 'text'), 0);
    for (let attempt = 0; attempt < 6; attempt += 1) await queue.retryNow();
    expect(events).toEqual(['unableToSync']);

    fail = false;
    await queue.retryNow();
    fail = true;
    queue.save('a', chunk('a', 'more'), 0);
    for (let attempt = 0; attempt < 3; attempt += 1) await queue.retryNow();
    expect(events).toEqual(['unableToSync', 'unableToSync']);
  });

  it('treats 501 as "chapter being created": keeps the ops, no sync alert, then announces the chapter ready', async () => {
    let creating = true;
    const { queue, events, store } = createQueue({ respond: () => (creating ? 501 : 204) });

    queue.save('a', chunk('a', 'typed early'), 0);
    for (let attempt = 0; attempt < 5; attempt += 1) await queue.retryNow();
    expect(queue.getStatus()).toEqual({ state: 'creating', waiting: 1 });
    expect(store.load(scope)).toHaveLength(1);

    creating = false;
    await queue.retryNow();

    expect(events).toEqual(['chapterCreating', 'chapterReady']);
    expect(queue.getStatus().state).toBe('saved');
  });

  it('holds what is typed in a chapter whose creation failed (409 chapter_creation_failed), with no sync alert', async () => {
    let failed = true;
    const { queue, events, store } = createQueue({
      respond: () => (failed ? { status: 409, code: 'chapter_creation_failed' } : 204),
    });

    queue.save('a', chunk('a', 'typed while it had failed'), 0);
    for (let attempt = 0; attempt < 5; attempt += 1) await queue.retryNow();
    expect(queue.getStatus()).toEqual({ state: 'creating', waiting: 1 });
    expect(store.load(scope)).toHaveLength(1);

    failed = false;
    await queue.retryNow();

    expect(events).toEqual(['chapterCreating', 'chapterReady']);
    expect(queue.getStatus().state).toBe('saved');
  });

  it('announces the chapter ready at once when the load saw 501 and nothing waits', () => {
    const { queue, events } = createQueue();

    queue.markChapterCreating();
    queue.confirmChapterReady();

    expect(events).toEqual(['chapterReady']);
  });

  it('after a load that saw 501, sends nothing until the editor confirms the chapter ready', async () => {
    const { queue, sent, events } = createQueue();

    queue.markChapterCreating();
    queue.save('a', chunk('a', 'typed early'), 0);
    await vi.advanceTimersByTimeAsync(4 * AUTOSAVE_INTERVAL_MS);
    await queue.retryNow();
    queue.flushWithKeepalive();
    expect(sent).toEqual([]);
    expect(queue.getStatus()).toEqual({ state: 'creating', waiting: 1 });

    queue.delete('starter');
    queue.confirmChapterReady();
    await vi.advanceTimersByTimeAsync(0);

    expect(describeRequests(sent)).toEqual(['saveBlocks story-1 a', 'deleteBlocks story-1 starter']);
    expect(events).toEqual(['chapterReady']);
    expect(queue.getStatus().state).toBe('saved');
  });

  it('goes back to sending, through 501s, once the editor awaiting the chapter is gone', async () => {
    let creating = true;
    const { queue, sent, events } = createQueue({ respond: () => (creating ? 501 : 204) });

    queue.markChapterCreating();
    queue.save('a', chunk('a', 'typed early'), 0);
    queue.stopAwaitingCreation();
    await vi.advanceTimersByTimeAsync(0);
    expect(describeRequests(sent)).toEqual(['saveBlocks story-1 a']);
    expect(queue.getStatus()).toEqual({ state: 'creating', waiting: 1 });

    creating = false;
    await vi.advanceTimersByTimeAsync(RETRY_BASE_DELAY_MS);

    expect(sent).toHaveLength(2);
    expect(events).toEqual(['chapterReady']);
    expect(queue.getStatus().state).toBe('saved');
  });

  it('shows Offline while the browser is offline, without counting towards the sync alert', async () => {
    let online = false;
    const { queue, sent, events } = createQueue({ online: () => online, respond: () => (online ? 204 : 0) });

    queue.save('a', chunk('a', 'offline words'), 0);
    for (let attempt = 0; attempt < 5; attempt += 1) await queue.retryNow();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queue.getStatus()).toEqual({ state: 'offline', waiting: 1 });
    expect(events).toEqual([]);

    online = true;
    queue.connectivityChanged();
    await vi.advanceTimersByTimeAsync(0);

    expect(sent.at(-1)?.body.blocks[0]?.key_id).toBe('a');
    expect(queue.getStatus().state).toBe('saved');
  });

  it('holds flushes while paused', async () => {
    const { queue, sent } = createQueue();

    queue.save('a', chunk('a', 'text'), 0);
    await queue.pause();
    await queue.flush();
    expect(sent).toHaveLength(0);

    queue.resume();
    await queue.flush();
    expect(sent).toHaveLength(1);
  });
});

describe('AutosaveQueue: disposal', () => {
  it('sends nothing more once disposed, and keeps what waits in the store', async () => {
    const { queue, sent, store } = createQueue();

    queue.save('a', chunk('a', 'text'), 0);
    queue.dispose();
    await vi.advanceTimersByTimeAsync(10 * AUTOSAVE_INTERVAL_MS);
    await queue.flush();

    expect(sent).toEqual([]);
    expect(store.load(scope)).toEqual([expect.objectContaining({ type: 'save', keyId: 'a' })]);
  });
});

describe('AutosaveQueue: persistence', () => {
  it('survives a reload: a new queue over the same storage has every unacknowledged op', async () => {
    const store = createMemoryOpStore();
    const before = createQueue({ store, respond: () => 0 });
    before.queue.save('a', chunk('a', 'typed'), 0);
    before.queue.delete('b');
    before.queue.syncOrder(['a']);
    await before.queue.flush();

    const after = createQueue({ store });

    expect(after.queue.pendingOps()).toEqual({
      blocks: [
        expect.objectContaining({
          type: 'save',
          keyId: 'a',
          chunk: chunk('a', 'typed'),
          place: 0,
          retry: true,
        }),
        expect.objectContaining({ type: 'delete', keyId: 'b', storyId: 'story-1', chapterId: 'chapter-1' }),
      ],
      order: expect.objectContaining({ type: 'syncOrder', keyIds: ['a'] }),
    });
    await after.queue.flush();
    expect(describeRequests(after.sent)).toEqual([
      'saveBlocks story-1 a',
      'deleteBlocks story-1 b',
      'reorderBlocks story-1 a',
    ]);
    expect(store.load(scope)).toEqual([]);
  });
});

describe('AutosaveQueue: flush on page hide', () => {
  it('sends keepalive requests under 64 KiB in all, and acknowledges what succeeds', async () => {
    const { queue, sent } = createQueue();
    const text = 'x'.repeat(5000);
    for (let index = 0; index < 30; index += 1) queue.save(`k${index}`, chunk(`k${index}`, text), index);

    queue.delete('gone');
    queue.flushWithKeepalive();
    await vi.advanceTimersByTimeAsync(0);

    const sizes = sent.map((request) => new TextEncoder().encode(JSON.stringify(request.body)).length);
    expect(sent.every((request) => request.keepalive)).toBe(true);
    expect(Math.max(...sizes)).toBeLessThan(KEEPALIVE_BODY_LIMIT_BYTES);
    expect(sizes.reduce((total, size) => total + size, 0)).toBeLessThanOrEqual(KEEPALIVE_BODY_LIMIT_BYTES);
    const sentKeys = sent.flatMap((request) => request.body.blocks.map((block) => block.key_id));
    expect(sentKeys.length).toBeGreaterThan(5);
    // What did not fit stays queued (and stored) for the next visit.
    expect(sentKeys).toContain('gone');
    expect(queue.getStatus().waiting).toBe(31 - sentKeys.length);
    expect(queue.getStatus().waiting).toBeGreaterThan(0);
  });
});

describe('AutosaveQueue: a chapter changed in another window', () => {
  const changedElsewhere = { status: 409, code: 'chapter_changed' };
  const loaded = [
    { keyId: 'a', chunk: chunk('a', 'Loaded.'), revision: 3 },
    { keyId: 'b', chunk: chunk('b', 'Also loaded.'), revision: 1 },
  ];

  it('sends each paragraph with the revision it is based on, and bases the next save on the stored one', async () => {
    const { queue, sent } = createQueue();
    queue.reconcile(loaded, () => 'unused');

    queue.save('a', chunk('a', 'One.'), 0);
    queue.save('new', chunk('new', 'New.'), 2);
    queue.delete('b');
    await queue.flush();
    queue.save('a', chunk('a', 'Two.'), 0);
    queue.save('new', chunk('new', 'Newer.'), 2);
    await queue.flush();

    expect(
      sent.map((request) => request.body.blocks.map((block) => [block.key_id, block.base_revision])),
    ).toEqual([
      [
        ['a', 3],
        ['new', 0],
      ],
      [['b', 1]],
      [
        ['a', 4],
        ['new', 1],
      ],
    ]);
  });

  it('rebases a change made while its paragraph was in flight on the revision that flight stored', async () => {
    const { queue, sent } = createQueue();
    queue.reconcile(loaded, () => 'unused');
    queue.save('a', chunk('a', 'In flight.'), 0);
    const flushing = queue.flush();
    queue.save('a', chunk('a', 'Typed meanwhile.'), 0);
    await flushing;

    await queue.flush();

    expect(sent.map((request) => request.body.blocks[0]!.base_revision)).toEqual([3, 4]);
  });

  it('stops sending on 409 chapter_changed, asks for a reload, and sends again once rebased', async () => {
    let refuse = true;
    const { queue, sent, events } = createQueue({ respond: () => (refuse ? changedElsewhere : 204) });
    queue.reconcile(loaded, () => 'unused');
    queue.save('a', chunk('a', 'Typed here.'), 0);

    await queue.flush();
    await queue.retryNow();
    await vi.advanceTimersByTimeAsync(10 * AUTOSAVE_INTERVAL_MS);
    const whileChanged = { sent: sent.length, status: queue.getStatus(), events: [...events] };
    refuse = false;
    queue.reconcile([{ ...loaded[0]!, chunk: chunk('a', 'Typed elsewhere.'), revision: 4 }], () => 'copy');
    await vi.advanceTimersByTimeAsync(0);

    expect(whileChanged).toEqual({
      sent: 1,
      status: { state: 'conflicted', waiting: 1 },
      events: ['chapterChanged'],
    });
    expect(sent[1]!.body.blocks).toEqual([
      { key_id: 'copy', chunk: expect.stringContaining('[Conflicted copy] '), place: '1', base_revision: 0 },
    ]);
    expect(queue.getStatus()).toEqual({ state: 'saved', waiting: 0 });
  });

  it('merges a paragraph changed in other words elsewhere with what this page saved and typed since', async () => {
    const paragraphChunk = (text: string) => JSON.stringify({ ...paragraph(run(text)), key_id: 'p' });
    let refuse = false;
    const { queue, sent } = createQueue({ respond: () => (refuse ? changedElsewhere : 204) });
    queue.reconcile(
      [{ keyId: 'p', chunk: paragraphChunk('The lamp was lit.'), revision: 1 }],
      () => 'unused',
    );
    queue.save('p', paragraphChunk('The lamp was lit. The river'), 0);
    await queue.flush();
    refuse = true;
    queue.save('p', paragraphChunk('The lamp was lit. The river ran high.'), 0);
    await queue.flush();
    refuse = false;

    const elsewhere = paragraphChunk('The old lamp was lit. The river');
    const { blocks, conflicts } = queue.reconcile(
      [{ keyId: 'p', chunk: elsewhere, revision: 3 }],
      () => 'copy',
    );
    await queue.flush();

    const both = JSON.parse(paragraphChunk('The old lamp was lit. The river ran high.')) as unknown;
    expect(conflicts).toBe(0);
    expect(blocks.map((block) => JSON.parse(block.chunk) as unknown)).toEqual([both]);
    const lastSent = sent.at(-1)!.body.blocks;
    expect(lastSent).toEqual([{ key_id: 'p', chunk: blocks[0]!.chunk, place: '0', base_revision: 3 }]);
    expect(queue.getStatus()).toEqual({ state: 'saved', waiting: 0 });
  });

  describe('a save whose answer never came (the server may hold it)', () => {
    const sentBlocks = (sent: SentRequest[]) =>
      sent.map((request) =>
        request.body.blocks.map((block) => [block.key_id, block.base_revision, block.chunk ?? 'delete']),
      );

    it('sends it again before a newer change of its paragraph, which is then based on it', async () => {
      let answers = [0];
      const { queue, sent } = createQueue({ respond: () => answers.shift() ?? 204 });
      queue.reconcile(loaded, () => 'unused');
      queue.save('a', chunk('a', 'Perhaps stored.'), 0);
      await queue.flush();

      queue.save('a', chunk('a', 'Typed after.'), 0);
      answers = [];
      await queue.retryNow();

      expect(sentBlocks(sent)).toEqual([
        [['a', 3, chunk('a', 'Perhaps stored.')]],
        [['a', 3, chunk('a', 'Perhaps stored.')]],
        [['a', 4, chunk('a', 'Typed after.')]],
      ]);
      expect(queue.getStatus()).toEqual({ state: 'saved', waiting: 0 });
    });

    it('does the same when the newer change was typed while the lost save was in flight', async () => {
      let answers = [0];
      const { queue, sent } = createQueue({ respond: () => answers.shift() ?? 204 });
      queue.reconcile(loaded, () => 'unused');
      queue.save('a', chunk('a', 'In flight.'), 0);
      const flushing = queue.flush();
      queue.save('a', chunk('a', 'Typed meanwhile.'), 0);
      await flushing;
      answers = [];

      await queue.retryNow();

      expect(sentBlocks(sent).slice(1)).toEqual([
        [['a', 3, chunk('a', 'In flight.')]],
        [['a', 4, chunk('a', 'Typed meanwhile.')]],
      ]);
    });

    it('confirms it before deleting its paragraph, so the delete is not refused as a change made elsewhere', async () => {
      let answers = [0];
      const { queue, sent, store } = createQueue({ respond: () => answers.shift() ?? 204 });
      queue.reconcile(loaded, () => 'unused');
      queue.save('new', chunk('new', 'Perhaps stored.'), 2);
      await queue.flush();
      queue.delete('new');
      expect(store.load(scope)).toEqual([
        expect.objectContaining({
          type: 'delete',
          unconfirmed: { baseRevision: 0, chunk: chunk('new', 'Perhaps stored.'), place: 2 },
        }),
      ]);
      answers = [];

      await queue.retryNow();

      expect(sentBlocks(sent).slice(1)).toEqual([
        [['new', 0, chunk('new', 'Perhaps stored.')]],
        [['new', 1, 'delete']],
      ]);
    });

    it('confirms it first even when its paragraph is deleted while another confirmation is on its way', async () => {
      let answers = [0];
      let deleteWhileConfirming = false;
      const { queue, sent } = createQueue({
        respond: () => {
          // The author deletes the paragraph while the flush confirms another one (seen under injected faults).
          if (deleteWhileConfirming) {
            deleteWhileConfirming = false;
            queue.delete('new');
          }
          return answers.shift() ?? 204;
        },
      });
      queue.reconcile(loaded, () => 'unused');
      queue.save('a', chunk('a', 'Perhaps stored.'), 0);
      queue.save('new', chunk('new', 'New, perhaps stored.'), 2);
      await queue.flush();
      queue.save('a', chunk('a', 'Typed after.'), 0);
      answers = [];
      deleteWhileConfirming = true;

      await queue.retryNow();

      expect(sentBlocks(sent).slice(1)).toEqual([
        [['a', 3, chunk('a', 'Perhaps stored.')]],
        [['a', 4, chunk('a', 'Typed after.')]],
        [['new', 0, chunk('new', 'New, perhaps stored.')]],
        [['new', 1, 'delete']],
      ]);
      expect(queue.getStatus()).toEqual({ state: 'saved', waiting: 0 });
    });
  });

  it('sends nothing on page hide while the chapter changed elsewhere, and keeps the change stored', async () => {
    const { queue, sent, store } = createQueue({ respond: () => changedElsewhere });
    queue.reconcile(loaded, () => 'unused');
    queue.save('a', chunk('a', 'Typed here.'), 0);
    await queue.flush();

    queue.flushWithKeepalive();

    expect(sent).toHaveLength(1);
    expect(store.load(scope)).toEqual([expect.objectContaining({ keyId: 'a', baseRevision: 3 })]);
  });
});

describe('AutosaveQueue: the order sync names only what moved once the chapter is loaded', () => {
  const keyIds = Array.from({ length: 50 }, (_, index) => `p${index}`);
  const loaded = keyIds.map((keyId) => ({ keyId, chunk: chunk(keyId, keyId), revision: 1 }));

  it('sends the one paragraph moved, at its new place', async () => {
    const { queue, sent } = createQueue();
    queue.reconcile(loaded, () => 'unused');

    queue.syncOrder([...keyIds.slice(1, 40), 'p0', ...keyIds.slice(40)]);
    await queue.flush();

    expect(sent.map((request) => request.body)).toEqual([
      { chapter_id: 'chapter-1', blocks: [{ key_id: 'p0', place: '39' }] },
    ]);
  });

  it('sends no order after pasted paragraphs: their saves place them', async () => {
    const { queue, sent } = createQueue();
    queue.reconcile(loaded, () => 'unused');
    const pasted = ['x1', 'x2', 'x3'];

    pasted.forEach((keyId, index) => queue.save(keyId, chunk(keyId, keyId), 10 + index));
    queue.syncOrder([...keyIds.slice(0, 10), ...pasted, ...keyIds.slice(10)]);
    await queue.flush();

    expect(describeRequests(sent)).toEqual(['saveBlocks story-1 x1,x2,x3']);
    expect(queue.getStatus()).toEqual({ state: 'saved', waiting: 0 });
  });

  it('follows deletes, and sends the full order again after a failed request', async () => {
    let failing = true;
    const { queue, sent } = createQueue({ respond: () => (failing ? 500 : 204) });
    queue.reconcile(loaded, () => 'unused');

    queue.delete('p5');
    queue.syncOrder(keyIds.filter((keyId) => keyId !== 'p5'));
    await queue.flush();
    failing = false;
    await vi.advanceTimersByTimeAsync(RETRY_BASE_DELAY_MS);

    expect(describeRequests(sent)).toEqual([
      'deleteBlocks story-1 p5',
      'deleteBlocks story-1 p5',
      `reorderBlocks story-1 ${keyIds.filter((keyId) => keyId !== 'p5').join(',')}`,
    ]);
  });
});
