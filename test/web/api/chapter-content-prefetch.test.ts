import type { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchChapterBlocks } from '../../../web/src/api/chapter-content';
import { prefetchStoryWorkspace } from '../../../web/src/api/story-workspace-prefetch';
import { startEarlyReads } from '../../../web/src/boot/start-early-reads';
import { lastChapterStorageKey } from '../../../web/src/editor/plugins/caret-memory-plugin/last-edited-chapter';
import { loadChapter } from '../../../web/src/editor/chapter-content';
import { AutosaveQueue } from '../../../web/src/editor/autosave/autosave-queue';
import { createMemoryOpStore } from '../../../web/src/editor/autosave/pending-op-store';
import { buildChapter, buildStory, storedParagraph } from '../features/workspace/workspace-server';
import { deferred, emptyResponse, jsonResponse, stubFetch } from '../helpers/fetch-stub';
import { createTestQueryClient } from '../helpers/render-app';

/**
 * A server whose chapters each hold one paragraph reading `text` (changed by the test as it goes); a content
 * read answers once `answered` resolves (at once unless the test holds it). Whole reads and opening reads
 * (`limit=`) are counted apart.
 */
function stubContentServer(storyId = 's1') {
  const server = {
    text: 'As first read.',
    contentReads: [] as string[],
    openingReads: [] as string[],
    answered: Promise.resolve(),
  };
  const fetchMock = stubFetch(async (url) => {
    const address = new URL(url, 'http://localhost');
    if (address.pathname === `/api/stories/${storyId}`) {
      return jsonResponse(buildStory([buildChapter('c2', 2), buildChapter('c1', 1)], { story_id: storyId }));
    }
    if (address.pathname === `/api/stories/${storyId}/content`) {
      const chapterId = address.searchParams.get('chapter')!;
      (address.searchParams.has('limit') ? server.openingReads : server.contentReads).push(chapterId);
      const answer = jsonResponse({ items: [storedParagraph(`${chapterId}-p`, server.text)] });
      await server.answered;
      return answer;
    }
    if (address.pathname === `/api/stories/${storyId}/associations/thumbs`) return jsonResponse([]);
    return emptyResponse(404);
  });
  return { server, fetchMock };
}

function chapterQueue(chapterId: string, storyId = 's1') {
  return new AutosaveQueue({
    scope: { storyId, chapterId },
    transport: async () => undefined,
    store: createMemoryOpStore(),
  });
}

const FRESH_FOR_MS = 10_000;

const textOf = (chunk: string) => (JSON.parse(chunk) as { children: { text: string }[] }).children[0]!.text;

let queryClient: QueryClient;

beforeEach(() => {
  // The app's one cache, afresh for each test: nothing an earlier test started ahead is in it.
  queryClient = createTestQueryClient();
});

describe('the chapter read started ahead of its editor', () => {
  it('is what the chapter opens with: its content is read once', async () => {
    const { server } = stubContentServer();
    prefetchChapterBlocks(queryClient, 's1', 'c1', FRESH_FOR_MS);
    server.text = 'Changed after the read started.';

    const loaded = await loadChapter(chapterQueue('c1'), queryClient);

    expect(server.contentReads).toEqual(['c1']);
    expect(textOf(loaded.blocks[0]!.chunk)).toBe('As first read.');
  });

  it('is taken while still under way: its content is read once', async () => {
    const { server } = stubContentServer();
    const answer = deferred<void>();
    server.answered = answer.promise;
    prefetchChapterBlocks(queryClient, 's1', 'c1', FRESH_FOR_MS);

    const loading = loadChapter(chapterQueue('c1'), queryClient);
    answer.resolve();
    const loaded = await loading;

    expect(server.contentReads).toEqual(['c1']);
    expect(textOf(loaded.blocks[0]!.chunk)).toBe('As first read.');
  });

  it('is taken once: opening the chapter again reads it again', async () => {
    const { server } = stubContentServer();
    prefetchChapterBlocks(queryClient, 's1', 'c1', FRESH_FOR_MS);
    const queue = chapterQueue('c1');
    await loadChapter(queue, queryClient);
    server.text = 'Read again.';

    const reloaded = await loadChapter(queue, queryClient);

    expect(server.contentReads).toEqual(['c1', 'c1']);
    expect(textOf(reloaded.blocks[0]!.chunk)).toBe('Read again.');
  });

  it("is not another chapter's content", async () => {
    const { server } = stubContentServer();
    prefetchChapterBlocks(queryClient, 's1', 'c2', FRESH_FOR_MS);

    await loadChapter(chapterQueue('c1'), queryClient);

    expect(server.contentReads).toEqual(['c2', 'c1']);
  });

  it('is read again once past its freshness', async () => {
    const { server } = stubContentServer();
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    prefetchChapterBlocks(queryClient, 's1', 'c1', FRESH_FOR_MS);
    now.mockReturnValue(1_000 + FRESH_FOR_MS + 1);
    server.text = 'Newer.';

    const loaded = await loadChapter(chapterQueue('c1'), queryClient);

    expect(server.contentReads).toEqual(['c1', 'c1']);
    expect(textOf(loaded.blocks[0]!.chunk)).toBe('Newer.');
  });

  it('is read again when a write of the chapter was acknowledged after it started', async () => {
    const { server } = stubContentServer();
    const queue = chapterQueue('c1');
    prefetchChapterBlocks(queryClient, 's1', 'c1', FRESH_FOR_MS);
    // A save the server took after the read: the read may not hold it.
    queue.save('c1-p', JSON.stringify(JSON.parse(storedParagraph('c1-p', 'Saved.').chunk.Value)), 0);
    await queue.flush();
    server.text = 'Saved.';

    const loaded = await loadChapter(queue, queryClient);

    expect(server.contentReads).toEqual(['c1', 'c1']);
    expect(textOf(loaded.blocks[0]!.chunk)).toBe('Saved.');
  });
});

describe("the workspace route's reads", () => {
  const prefetchAt = (address: string) =>
    prefetchStoryWorkspace(queryClient, 's1', new URL(address, 'http://localhost'));

  it('start the content of the first chapter by place when the address names none', async () => {
    const { server } = stubContentServer();
    prefetchAt('/stories/s1');

    await vi.waitFor(() => expect(server.contentReads).toEqual(['c1']));
    await loadChapter(chapterQueue('c1'), queryClient);
    expect(server.contentReads).toEqual(['c1']);
    expect(server.openingReads).toEqual(['c1']);
  });

  it('start the content of the chapter the address names', async () => {
    const { server } = stubContentServer();
    prefetchAt('/stories/s1?chapter=c2');

    await vi.waitFor(() => expect(server.contentReads).toEqual(['c2']));
  });

  it("start the first chapter's content when the named chapter is not the story's", async () => {
    const { server, fetchMock } = stubContentServer();
    prefetchAt('/stories/s1?chapter=gone');

    await vi.waitFor(() => expect(server.contentReads).toEqual(['c1']));
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(asked).toEqual(
      expect.arrayContaining([
        '/api/stories/s1',
        '/api/stories/s1/settings',
        '/api/stories/s1/progress',
        '/api/stories/s1/associations/thumbs',
      ]),
    );
  });
});

describe("the page's first script's reads (issue 26 §3)", () => {
  // Each test its own story: the app's reads of one are never started early again on the same page.
  const startAt = (address: string) =>
    startEarlyReads({ address: new URL(address, 'http://localhost'), storage: localStorage });

  it('are what the workspace opens with: the story and the opening each read once, the content by the route', async () => {
    const { server, fetchMock } = stubContentServer('s2');
    startAt('/stories/s2');
    await vi.waitFor(() => expect(server.openingReads).toEqual(['c1']));
    expect(server.contentReads).toEqual([]);

    prefetchStoryWorkspace(queryClient, 's2', new URL('/stories/s2', 'http://localhost'));
    await loadChapter(chapterQueue('c1', 's2'), queryClient);

    expect(server.contentReads).toEqual(['c1']);
    expect(server.openingReads).toEqual(['c1']);
    const storyReads = fetchMock.mock.calls.filter(
      ([input]) => new URL(String(input), 'http://localhost').pathname === '/api/stories/s2',
    );
    expect(storyReads).toHaveLength(1);
  });

  it('open the chapter the address names, else the one last edited here', async () => {
    const { server } = stubContentServer('s3');
    localStorage.setItem(lastChapterStorageKey('s3'), 'c2');

    startAt('/stories/s3');
    startAt('/stories/s3?chapter=c1');

    await vi.waitFor(() => expect(server.openingReads.sort()).toEqual(['c1', 'c2']));
    localStorage.removeItem(lastChapterStorageKey('s3'));
  });
});
