import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { ChapterContent } from '../../shared/schemas/block';
import type { Story } from '../../shared/schemas/story';
import type { TrashList } from '../../shared/schemas/trash';
import {
  movableClock,
  partitionItems,
  purgeTrashAfterRetention,
  signIn,
  startTestRuntime,
  type TestBrowser,
} from '../helpers/embedded-runtime';
import { multipartForm } from '../helpers/images';
import { paragraph, run } from '../helpers/paragraphs';

describe('the trash on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let stranger: TestBrowser;
  const clock = movableClock();

  beforeAll(async () => {
    runtime = await startTestRuntime({ now: clock.now });
    author = await signIn(runtime, 'nell@example.com', 'Nell');
    stranger = await signIn(runtime, 'oswin@example.com', 'Oswin');
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const partitionItemsOf = (partitionKey: string) => partitionItems(runtime, partitionKey);

  /** A story with two ready chapters, the first holding one written paragraph. */
  const storyWithTwoChapters = async (fields: Record<string, string> = {}) => {
    const created = await author.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title: 'Ashfall', description: 'd', ...fields }),
    });
    const story = (await created.json()) as Story;
    const firstChapterId = story.chapters![0]!.id;
    await author.sendJson('PUT', `/api/stories/${story.story_id}`, {
      chapter_id: firstChapterId,
      blocks: [
        { key_id: 'k1', place: 0, chunk: JSON.stringify({ ...paragraph(run('Ash fell.')), key_id: 'k1' }) },
      ],
    });
    await author.sendJson('POST', `/api/stories/${story.story_id}/chapter`, {});
    await runtime.queue.drain();
    const chapters = ((await (await author.fetch(`/api/stories/${story.story_id}`)).json()) as Story)
      .chapters!;
    return { story, chapterIds: chapters.map((chapter) => chapter.id) };
  };

  const trashOf = async (browser: TestBrowser) =>
    (await (await browser.fetch('/api/trash')).json()) as TrashList;
  const storyIdsOf = async (browser: TestBrowser) =>
    ((await (await browser.fetch('/api/stories')).json()) as Story[]).map((story) => story.story_id);
  const contentKeys = async (storyId: string, chapterId: string) => {
    const response = await author.fetch(`/api/stories/${storyId}/content?chapter=${chapterId}`);
    return response.status === 200
      ? ((await response.json()) as ChapterContent).items.map((item) => item.key_id.Value)
      : response.status;
  };

  it('trashes a story (204, gone from every list and read) and restores it with its text', async () => {
    const { story, chapterIds } = await storyWithTwoChapters();

    const deleted = await author.fetch(`/api/stories/${story.story_id}`, { method: 'DELETE' });
    const readWhileTrashed = await author.fetch(`/api/stories/${story.story_id}`);
    const listedWhileTrashed = await storyIdsOf(author);
    const trash = await trashOf(author);
    const restored = await author.sendJson('POST', `/api/trash/stories/${story.story_id}/restore`);

    expect(deleted.status).toBe(204);
    expect(readWhileTrashed.status).toBe(404);
    expect(listedWhileTrashed).not.toContain(story.story_id);
    expect(trash.stories.map((entry) => [entry.story_id, entry.title])).toEqual([
      [story.story_id, 'Ashfall'],
    ]);
    expect(Date.parse(trash.stories[0]!.purge_at) - Date.parse(trash.stories[0]!.deleted_at)).toBe(
      30 * 24 * 60 * 60 * 1000,
    );
    expect(restored.status).toBe(204);
    expect(await storyIdsOf(author)).toContain(story.story_id);
    expect(await contentKeys(story.story_id, chapterIds[0]!)).toContain('k1');
    expect((await trashOf(author)).stories).toEqual([]);
  });

  it('trashes a chapter and restores it at its old place with its paragraphs', async () => {
    const { story, chapterIds } = await storyWithTwoChapters();

    const deleted = await author.fetch(`/api/stories/${story.story_id}/chapter/${chapterIds[0]}`, {
      method: 'DELETE',
    });
    const contentWhileTrashed = await contentKeys(story.story_id, chapterIds[0]!);
    const listed = await trashOf(author);
    const restored = await author.sendJson(
      'POST',
      `/api/trash/stories/${story.story_id}/chapters/${chapterIds[0]}/restore`,
      {},
    );
    const chapters = ((await (await author.fetch(`/api/stories/${story.story_id}`)).json()) as Story)
      .chapters!;

    expect(deleted.status).toBe(204);
    expect(contentWhileTrashed).toBe(404);
    expect(listed.chapters.map((entry) => [entry.chapter_id, entry.title, entry.story_title])).toEqual([
      [chapterIds[0], 'Chapter 1', 'Ashfall'],
    ]);
    expect(restored.status).toBe(204);
    expect(chapters.map((chapter) => chapter.id)).toEqual(chapterIds);
    expect(await contentKeys(story.story_id, chapterIds[0]!)).toContain('k1');
  });

  it('restores a volume whose series was deleted meanwhile as a standalone story', async () => {
    const { story } = await storyWithTwoChapters({ series_title: 'Embers' });
    await author.fetch(`/api/stories/${story.story_id}`, { method: 'DELETE' });
    const deletedSeries = await author.fetch(`/api/series/${story.series_id}`, { method: 'DELETE' });

    const restored = await author.sendJson('POST', `/api/trash/stories/${story.story_id}/restore`);
    const reread = (await (await author.fetch(`/api/stories/${story.story_id}`)).json()) as Story;

    expect(deletedSeries.status).toBe(204);
    expect(restored.status).toBe(204);
    expect(reread.series_id ?? '').toBe('');
  });

  it("answers 404 for another author's trash, 400 for a malformed id or body, and 401 without a session", async () => {
    const { story, chapterIds } = await storyWithTwoChapters();
    await author.fetch(`/api/stories/${story.story_id}/chapter/${chapterIds[1]}`, { method: 'DELETE' });
    await author.fetch(`/api/stories/${story.story_id}`, { method: 'DELETE' });

    const theirs = await stranger.sendJson('POST', `/api/trash/stories/${story.story_id}/restore`);
    const theirChapter = await stranger.sendJson(
      'POST',
      `/api/trash/stories/${story.story_id}/chapters/${chapterIds[1]}/restore`,
    );
    const malformed = await author.sendJson('POST', '/api/trash/stories/no%20such/restore');
    const withBody = await author.sendJson('POST', `/api/trash/stories/${story.story_id}/restore`, { x: 1 });
    const chapterOfTrashedStory = await author.sendJson(
      'POST',
      `/api/trash/stories/${story.story_id}/chapters/${chapterIds[1]}/restore`,
    );
    const signedOut = await fetch(`${runtime.url}/api/trash`);

    expect(theirs.status).toBe(404);
    expect(theirChapter.status).toBe(404);
    expect(await trashOf(stranger)).toEqual({ stories: [], chapters: [] });
    expect(malformed.status).toBe(400);
    expect(withBody.status).toBe(400);
    expect(await withBody.json()).toMatchObject({ error: 'validation_failed' });
    expect(chapterOfTrashedStory.status).toBe(404);
    expect((await trashOf(author)).chapters.map((entry) => entry.chapter_id)).not.toContain(chapterIds[1]);
    expect(signedOut.status).toBe(401);
  });

  it('purges a trashed story and chapter after 30 days, with everything in them', async () => {
    const kept = await storyWithTwoChapters();
    const doomed = await storyWithTwoChapters();
    await author.fetch(`/api/stories/${kept.story.story_id}/chapter/${kept.chapterIds[0]}`, {
      method: 'DELETE',
    });
    await author.fetch(`/api/stories/${doomed.story.story_id}`, { method: 'DELETE' });

    await purgeTrashAfterRetention(runtime, clock);

    expect(await trashOf(author)).toEqual({ stories: [], chapters: [] });
    expect(await partitionItemsOf(`CHAPTER#${kept.chapterIds[0]}`)).toEqual([]);
    expect(await partitionItemsOf(`CHAPTER#${kept.chapterIds[1]}`)).not.toEqual([]);
    expect(await partitionItemsOf(`STORY#${doomed.story.story_id}`)).toEqual([]);
    for (const chapterId of doomed.chapterIds)
      expect(await partitionItemsOf(`CHAPTER#${chapterId}`)).toEqual([]);
    expect(
      (await author.sendJson('POST', `/api/trash/stories/${doomed.story.story_id}/restore`)).status,
    ).toBe(404);
    expect(await storyIdsOf(author)).toContain(kept.story.story_id);
  });
});
