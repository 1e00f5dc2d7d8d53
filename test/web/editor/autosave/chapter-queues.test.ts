import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  disposeAllChapterQueues,
  disposeChapterQueue,
  disposeStoryQueues,
  flushAllChapterQueues,
  getChapterQueue,
  openPendingOpStore,
} from '../../../../web/src/editor/autosave/chapter-queues';
import { emptyResponse, stubFetch } from '../../helpers/fetch-stub';

beforeAll(() => openPendingOpStore());

const chunk = (keyId: string) => JSON.stringify({ type: 'custom-paragraph', key_id: keyId, children: [] });

/** A server that takes every write, recording them as "METHOD path". */
function stubServer() {
  const writes: string[] = [];
  stubFetch((url, init) => {
    writes.push(`${init.method} ${url}`);
    return emptyResponse(204);
  });
  return writes;
}

afterEach(() => {
  disposeAllChapterQueues();
  window.localStorage.clear();
});

describe('the chapter queues', () => {
  it('keep one queue per chapter until it is disposed', () => {
    const first = getChapterQueue({ storyId: 's1', chapterId: 'c1' });

    const again = getChapterQueue({ storyId: 's1', chapterId: 'c1' });
    disposeChapterQueue({ storyId: 's1', chapterId: 'c1' });
    const afterDeletion = getChapterQueue({ storyId: 's1', chapterId: 'c1' });

    expect(again).toBe(first);
    expect(afterDeletion).not.toBe(first);
  });

  it("send nothing more from a deleted chapter's queue, and keep what it held in the browser's store", async () => {
    const writes = stubServer();
    const deleted = getChapterQueue({ storyId: 's1', chapterId: 'c1' });
    deleted.save('p1', chunk('p1'), 0);

    disposeChapterQueue({ storyId: 's1', chapterId: 'c1' });
    await deleted.retryNow();
    await flushAllChapterQueues();
    window.dispatchEvent(new Event('pagehide'));

    expect(writes).toEqual([]);
    expect(getChapterQueue({ storyId: 's1', chapterId: 'c1' }).pendingOps().blocks).toHaveLength(1);
  });

  it("dispose a deleted story's queues and no other story's", async () => {
    const writes = stubServer();
    const deletedStory = [
      getChapterQueue({ storyId: 's1', chapterId: 'c1' }),
      getChapterQueue({ storyId: 's1', chapterId: 'c2' }),
    ];
    const otherStory = getChapterQueue({ storyId: 's2', chapterId: 'c1' });
    for (const queue of [...deletedStory, otherStory]) queue.save('p1', chunk('p1'), 0);

    disposeStoryQueues('s1');
    await flushAllChapterQueues();

    expect(writes).toEqual(['PUT /api/stories/s2']);
    expect(getChapterQueue({ storyId: 's2', chapterId: 'c1' })).toBe(otherStory);
    expect(getChapterQueue({ storyId: 's1', chapterId: 'c2' })).not.toBe(deletedStory[1]);
  });

  it('dispose every queue on sign-out, each sending nothing more', async () => {
    const writes = stubServer();
    const queues = [
      getChapterQueue({ storyId: 's1', chapterId: 'c1' }),
      getChapterQueue({ storyId: 's2', chapterId: 'c1' }),
    ];

    disposeAllChapterQueues();
    for (const queue of queues) {
      queue.save('p1', chunk('p1'), 0);
      await queue.retryNow();
    }

    expect(writes).toEqual([]);
    expect(getChapterQueue({ storyId: 's1', chapterId: 'c1' })).not.toBe(queues[0]);
  });
});
