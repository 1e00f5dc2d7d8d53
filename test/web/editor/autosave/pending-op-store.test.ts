import { afterEach, describe, expect, it, vi } from 'vitest';
import { AutosaveQueue } from '../../../../web/src/editor/autosave/autosave-queue';
import { createLocalStorageOpStore } from '../../../../web/src/editor/autosave/pending-op-store';
import type { SaveOp } from '../../../../web/src/editor/autosave/pending-ops';
import { fakeTransport } from './fake-transport';

const scope = { storyId: 'story-1', chapterId: 'chapter-1' };

function saveOp(keyId: string, chapterId = 'chapter-1'): SaveOp {
  return { storyId: 'story-1', chapterId, type: 'save', keyId, chunk: '{}', place: 0, retry: false };
}

afterEach(() => {
  window.localStorage.clear();
});

describe('localStorage op store', () => {
  it('keeps one entry per block and one for the order, per story and chapter', () => {
    const store = createLocalStorageOpStore(window.localStorage);

    store.put(saveOp('a'));
    store.put({ ...saveOp('a'), chunk: '{"newer":true}' });
    store.put({ ...scope, type: 'syncOrder', keyIds: ['a'], retry: false });
    store.put(saveOp('b', 'chapter-2'));

    expect(store.load(scope)).toHaveLength(2);
    expect(store.load(scope).find((op) => op.type === 'save')).toMatchObject({ chunk: '{"newer":true}' });
    expect(store.chaptersWithPendingOps('story-1').sort()).toEqual(['chapter-1', 'chapter-2']);

    store.removeBlock(scope, 'a');
    store.removeOrder(scope);
    expect(store.load(scope)).toEqual([]);
  });

  it('skips entries it cannot read instead of failing the chapter', () => {
    window.localStorage.setItem('loreweaver.pending.v1|story-1|chapter-1|block|x', '{not json');
    window.localStorage.setItem('loreweaver.pending.v1|story-1|chapter-1|block|y', '{"type":"save"}');
    const errors: unknown[] = [];
    const store = createLocalStorageOpStore(window.localStorage, (error) => errors.push(error));

    expect(store.load(scope)).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it('reports a full storage and lets the queue carry on in memory', async () => {
    const errors: unknown[] = [];
    const store = createLocalStorageOpStore(window.localStorage, (error) => errors.push(error));
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { transport, sent } = fakeTransport();
    const queue = new AutosaveQueue({ scope, transport, store });

    queue.save('a', '{}', 0);
    await queue.flush();

    expect(errors).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it('lets a reloaded page resend what an earlier one left unacknowledged', async () => {
    const offline = fakeTransport(() => 0);
    const firstPage = new AutosaveQueue({
      scope,
      transport: offline.transport,
      store: createLocalStorageOpStore(window.localStorage),
    });
    firstPage.save('a', '{"text":"typed offline"}', 0);
    firstPage.delete('b');
    await firstPage.flush();

    const online = fakeTransport();
    const reloaded = new AutosaveQueue({
      scope,
      transport: online.transport,
      store: createLocalStorageOpStore(window.localStorage),
    });
    await reloaded.flush();

    expect(online.sent.map((request) => request.endpoint)).toEqual(['saveBlocks', 'deleteBlocks']);
    expect(online.sent[0]!.body.blocks[0]).toEqual({
      key_id: 'a',
      chunk: '{"text":"typed offline"}',
      place: '0',
    });
    expect(window.localStorage.length).toBe(0);
  });
});
