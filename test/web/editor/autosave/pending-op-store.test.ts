import { afterEach, describe, expect, it, vi } from 'vitest';
import { AutosaveQueue } from '../../../../web/src/editor/autosave/autosave-queue';
import { openIndexedDbOpStore } from '../../../../web/src/editor/autosave/pending-op-store';
import type { SaveOp } from '../../../../web/src/editor/autosave/pending-ops';
import { openOfflineDatabase } from '../../../../web/src/lib/offline/offline-database';
import { fakeTransport } from './fake-transport';

const scope = { storyId: 'story-1', chapterId: 'chapter-1' };

function saveOp(keyId: string, chapterId = 'chapter-1'): SaveOp {
  return { storyId: 'story-1', chapterId, type: 'save', keyId, chunk: '{}', place: 0, retry: false };
}

/** A page's store: each call opens the database's entries afresh, as a reloaded page does. */
async function pageStore(onStorageError?: (error: unknown) => void) {
  return openIndexedDbOpStore(await openOfflineDatabase(), window.localStorage, onStorageError);
}

/** The writes a store started have landed once a later transaction on the same database has finished. */
async function written(): Promise<void> {
  const database = await openOfflineDatabase();
  await database.transaction('pendingOps', 'readwrite').done;
}

afterEach(async () => {
  window.localStorage.clear();
  await (await openOfflineDatabase()).clear('pendingOps');
});

describe('IndexedDB op store', () => {
  it('keeps one entry per block and one for the order, per story and chapter, across a reload', async () => {
    const store = await pageStore();

    store.put(saveOp('a'));
    store.put({ ...saveOp('a'), chunk: '{"newer":true}' });
    store.put({ ...scope, type: 'syncOrder', keyIds: ['a'], retry: false });
    store.put(saveOp('b', 'chapter-2'));
    await written();
    const reloaded = await pageStore();

    for (const page of [store, reloaded]) {
      expect(page.load(scope)).toHaveLength(2);
      expect(page.load(scope).find((op) => op.type === 'save')).toMatchObject({ chunk: '{"newer":true}' });
      expect(page.chaptersWithPendingOps('story-1').sort()).toEqual(['chapter-1', 'chapter-2']);
    }
    reloaded.removeBlock(scope, 'a');
    reloaded.removeOrder(scope);
    await written();
    expect((await pageStore()).load(scope)).toEqual([]);
  });

  it('carries a queue left in localStorage over, newer than the database, and leaves what it cannot read', async () => {
    const earlier = await pageStore();
    earlier.put({ ...saveOp('b'), chunk: '{"older":"in the database"}' });
    await written();
    window.localStorage.setItem(
      'loreweaver.pending.v1|story-1|chapter-1|block|a',
      JSON.stringify(saveOp('a')),
    );
    window.localStorage.setItem(
      'loreweaver.pending.v1|story-1|chapter-1|block|b',
      JSON.stringify({ ...saveOp('b'), chunk: '{"newer":"in localStorage"}' }),
    );
    window.localStorage.setItem('loreweaver.pending.v1|story-1|chapter-1|block|x', '{not json');
    window.localStorage.setItem('loreweaver.theme', 'dark');

    const store = await pageStore();

    expect(
      store
        .load(scope)
        .map((op) => (op.type === 'save' ? [op.keyId, op.chunk] : []))
        .sort(),
    ).toEqual([
      ['a', '{}'],
      ['b', '{"newer":"in localStorage"}'],
    ]);
    expect(Object.keys(window.localStorage).sort()).toEqual([
      'loreweaver.pending.v1|story-1|chapter-1|block|x',
      'loreweaver.theme',
    ]);
  });

  it('keeps in localStorage, as the page goes, what the database did not have yet, and takes it in next time', async () => {
    const store = await pageStore();

    store.put({ ...saveOp('a'), chunk: '{"typed":"just before closing"}' });
    window.dispatchEvent(new Event('pagehide'));

    expect(Object.keys(window.localStorage)).toEqual(['loreweaver.pending.v1|story-1|chapter-1|block|a']);
    await written();
    // Once the database has it, the copy in localStorage goes.
    expect(window.localStorage.length).toBe(0);
    window.localStorage.setItem(
      'loreweaver.pending.v1|story-1|chapter-1|block|a',
      JSON.stringify({ ...saveOp('a'), chunk: '{"typed":"the last keystroke"}' }),
    );
    expect((await pageStore()).load(scope)).toMatchObject([{ chunk: '{"typed":"the last keystroke"}' }]);
  });

  it('keeps the copy in localStorage when the database write fails as the page goes (an aborted transaction)', async () => {
    const errors: unknown[] = [];
    const store = await pageStore((error) => errors.push(error));
    const database = await openOfflineDatabase();
    // The browser aborts the transactions of a page being closed.
    const aborted = vi.spyOn(database, 'transaction').mockImplementation(() => {
      throw new DOMException('The transaction was aborted.', 'AbortError');
    });

    store.put({ ...saveOp('a'), chunk: '{"typed":"as the tab closed"}' });
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    aborted.mockRestore();

    expect(Object.keys(window.localStorage)).toEqual(['loreweaver.pending.v1|story-1|chapter-1|block|a']);
    expect((await pageStore()).load(scope)).toMatchObject([{ chunk: '{"typed":"as the tab closed"}' }]);
  });

  it("follows another tab's changes", async () => {
    const here = await pageStore();
    const otherTab = await pageStore();

    otherTab.put(saveOp('a'));

    await vi.waitFor(() => expect(here.load(scope)).toHaveLength(1));
    otherTab.removeBlock(scope, 'a');
    await vi.waitFor(() => expect(here.load(scope)).toHaveLength(0));
  });

  it('reports a refused write and lets the queue carry on in memory', async () => {
    const errors: unknown[] = [];
    const store = await pageStore((error) => errors.push(error));
    const database = await openOfflineDatabase();
    const refused = vi.spyOn(database, 'transaction').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { transport, sent } = fakeTransport();
    const queue = new AutosaveQueue({ scope, transport, store });

    queue.save('a', '{}', 0);
    await queue.flush();

    await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0));
    refused.mockRestore();
    expect(sent).toHaveLength(1);
  });

  it('lets a reloaded page resend what an earlier one left unacknowledged', async () => {
    const offline = fakeTransport(() => 0);
    const firstPage = new AutosaveQueue({ scope, transport: offline.transport, store: await pageStore() });
    firstPage.save('a', '{"text":"typed offline"}', 0);
    firstPage.delete('b');
    await firstPage.flush();
    await written();

    const online = fakeTransport();
    const reloaded = new AutosaveQueue({ scope, transport: online.transport, store: await pageStore() });
    await reloaded.flush();
    await written();

    expect(online.sent.map((request) => request.endpoint)).toEqual(['saveBlocks', 'deleteBlocks']);
    expect(online.sent[0]!.body.blocks[0]).toEqual({
      key_id: 'a',
      chunk: '{"text":"typed offline"}',
      place: '0',
    });
    expect(await (await openOfflineDatabase()).count('pendingOps')).toBe(0);
  });
});
