import { describe, expect, it, vi } from 'vitest';
import { fetchChapterContent } from '../../../../web/src/api/chapter-content';
import { AutosaveQueue } from '../../../../web/src/editor/autosave/autosave-queue';
import { createMemoryOpStore } from '../../../../web/src/editor/autosave/pending-op-store';
import { ApiError, api } from '../../../../web/src/lib/api-client';
import {
  claimKept,
  KEPT_BOUND_BYTES,
  keepChapter,
  keepQueueServerContent,
  keepRead,
  keptUsage,
  pruneKept,
  recallChapter,
  recallRead,
  setKeptStories,
} from '../../../../web/src/lib/offline/kept-reads';
import { openOfflineDatabase } from '../../../../web/src/lib/offline/offline-database';
import { fakeTransport } from '../../editor/autosave/fake-transport';
import { jsonResponse, stubFetch } from '../../helpers/fetch-stub';

const DAY = 24 * 60 * 60 * 1000;

function unreachable(): void {
  stubFetch(() => {
    throw new TypeError('Failed to fetch');
  });
}

function contentPage(items: [string, string, number][], stamp = 'stamp-1') {
  return jsonResponse({
    items: items.map(([keyId, text, revision], place) => ({
      key_id: { Value: keyId },
      chunk: { Value: text },
      place: { Value: String(place) },
      revision,
    })),
    stamp,
  });
}

describe('reads kept for offline use', () => {
  it('answers a kept read when the server cannot be reached, and only a read marked to be kept', async () => {
    stubFetch(() => jsonResponse([{ story_id: 's1', title: 'Kept' }]));
    await api.get('/api/stories', { keepOffline: {} });
    await api.get('/api/user/progress?days=7');
    await vi.waitFor(async () => expect(await recallRead('/api/stories')).toBeDefined());

    unreachable();

    expect(await api.get('/api/stories', { keepOffline: {} })).toEqual([{ story_id: 's1', title: 'Kept' }]);
    await expect(api.get('/api/user/progress?days=7')).rejects.toMatchObject({ status: 0 });
    await expect(api.get('/api/series', { keepOffline: {} })).rejects.toBeInstanceOf(ApiError);
  });

  it('keeps what a write saved in place of the read before it, and still fails a write offline', async () => {
    stubFetch((_, init) =>
      jsonResponse(init.method === 'PUT' ? { trim: '5x8', saved: true } : { trim: '6x9', saved: false }),
    );
    await api.get('/api/stories/s1/book', { keepOffline: { storyId: 's1' } });
    await api.put('/api/stories/s1/book', { trim: '5x8' }, { keepOffline: { storyId: 's1' } });
    await vi.waitFor(async () =>
      expect((await recallRead('/api/stories/s1/book'))?.body).toMatchObject({ saved: true }),
    );

    unreachable();

    expect(await api.get('/api/stories/s1/book', { keepOffline: { storyId: 's1' } })).toEqual({
      trim: '5x8',
      saved: true,
    });
    await expect(
      api.put('/api/stories/s1/book', { trim: 'a5' }, { keepOffline: { storyId: 's1' } }),
    ).rejects.toMatchObject({ status: 0 });
  });

  it("opens a chapter read before from this device's copy when offline, and says when none is kept", async () => {
    stubFetch(() => contentPage([['a', 'Kept text.', 3]]));
    await fetchChapterContent('s1', 'c1', { background: false });
    await vi.waitFor(async () => expect(await recallChapter('s1', 'c1')).toBeDefined());

    unreachable();

    expect(await fetchChapterContent('s1', 'c1', { background: false })).toEqual({
      blocks: [{ keyId: 'a', chunk: 'Kept text.', revision: 3 }],
      stamp: 'stamp-1',
    });
    await expect(fetchChapterContent('s1', 'c2', { background: false })).rejects.toMatchObject({ status: 0 });
  });

  it('follows the queue: once a change is acknowledged, the kept chapter holds it', async () => {
    const { transport } = fakeTransport();
    const queue = new AutosaveQueue({
      scope: { storyId: 's1', chapterId: 'c1' },
      transport,
      store: createMemoryOpStore(),
    });
    const stored = [
      { keyId: 'a', chunk: 'Old.', revision: 1 },
      { keyId: 'z', chunk: 'Untouched.', revision: 4 },
    ];
    await keepChapter('s1', 'c1', { blocks: stored, stamp: 'stamp-1' });
    keepQueueServerContent(queue);
    queue.reconcile(stored, () => 'new');
    const putKeys = vi.spyOn(IDBObjectStore.prototype, 'put');

    queue.save('a', 'Typed.', 0);
    queue.save('b', 'Added.', 1);
    await queue.flush();

    await vi.waitFor(async () =>
      expect(await recallChapter('s1', 'c1')).toEqual({
        blocks: [
          { keyId: 'a', chunk: 'Typed.', revision: 2 },
          { keyId: 'b', chunk: 'Added.', revision: 1 },
          { keyId: 'z', chunk: 'Untouched.', revision: 4 },
        ],
        stamp: 'stamp-1',
      }),
    );
    // Only what changed is written: the two paragraphs and the chapter's order, not the untouched paragraph.
    expect(putKeys.mock.calls.map(([, key]) => key)).toEqual(['s1/c1|a', 's1/c1|b', undefined]);
  });

  it('lets go of chapters unopened for 30 days, but not those of a story kept whole, then of the oldest over the bound', async () => {
    const now = Date.now();
    const database = await openOfflineDatabase();
    const chapter = (id: string, storyId: string, usedAt: number, bytes = 10) => ({
      id: `${storyId}/${id}`,
      storyId,
      chapterId: id,
      order: [],
      stamp: '',
      bytes,
      usedAt,
    });
    await database.put('chapters', chapter('stale', 's1', now - 31 * DAY));
    await database.put('paragraphs', { chunk: 'Stale.' }, 's1/stale|a');
    await database.put('chapters', chapter('kept-whole', 's2', now - 31 * DAY));
    await database.put('chapters', chapter('recent', 's1', now - DAY));
    await setKeptStories({ all: false, storyIds: ['s2'] });

    await pruneKept(now);
    expect((await database.getAllKeys('chapters')).sort()).toEqual(['s1/recent', 's2/kept-whole']);
    expect(await database.getAllKeys('paragraphs')).toEqual([]);

    await database.put('chapters', chapter('large', 's3', now, KEPT_BOUND_BYTES));
    await pruneKept(now);
    expect((await database.getAllKeys('chapters')).sort()).toEqual(['s3/large']);
    expect(await keptUsage()).toEqual({ bytes: KEPT_BOUND_BYTES, chapters: 1 });
  });

  it("is one author's: another author signing in on the device lets go of what the last one kept", async () => {
    await claimKept('author-1');
    keepRead('/api/stories', ['theirs']);
    await vi.waitFor(async () => expect(await recallRead('/api/stories')).toBeDefined());

    await claimKept('author-1');
    expect(await recallRead('/api/stories')).toBeDefined();
    await claimKept('author-2');
    expect(await recallRead('/api/stories')).toBeUndefined();
  });
});
