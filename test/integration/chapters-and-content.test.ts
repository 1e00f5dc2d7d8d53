import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { ChapterContent } from '../../shared/schemas/block';
import type { Chapter } from '../../shared/schemas/chapter';
import type { FullStory, Story } from '../../shared/schemas/story';
import { signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { holdQueue } from '../helpers/held-queue';
import { multipartForm } from '../helpers/images';

/** A paragraph as the editor saves it, with formatting: bold (1) and italic (2) runs, centred. */
const paragraph = (keyId: string, text: string, format = 0) =>
  JSON.stringify({
    type: 'custom-paragraph',
    version: 1,
    key_id: keyId,
    format: 'center',
    indent: 1,
    direction: 'ltr',
    children: [
      { type: 'text', version: 1, text, format, style: 'color: red', detail: 0, mode: 'normal' },
      {
        type: 'association',
        associationId: 'assoc-1',
        text: 'Victor',
        format: 2,
        associationType: 'character',
      },
    ],
  });

describe('chapters and their content on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'percy@example.com', 'Percy');
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const sendJson = (method: string, path: string, body?: unknown) =>
    author.fetch(path, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const newStory = async () => {
    const response = await author.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title: 'Workbench', description: 'For chapters.' }),
    });
    const story = (await response.json()) as Story;
    return { storyId: story.story_id, firstChapterId: story.chapters![0]!.id };
  };

  const contentOf = async (storyId: string, chapterId: string) => {
    const response = await author.fetch(`/api/stories/${storyId}/content?chapter=${chapterId}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as ChapterContent).items;
  };

  it('creates a chapter through the worker: 501 and nothing stored while creating, then ready and writable', async () => {
    const { storyId } = await newStory();
    const worker = holdQueue(runtime);

    const created = await sendJson('POST', `/api/stories/${storyId}/chapter`, {
      title: 'Chapter 2',
      place: 2,
    });
    const chapter = (await created.json()) as Chapter;
    const whileCreating = {
      content: (await author.fetch(`/api/stories/${storyId}/content?chapter=${chapter.id}`)).status,
      save: (
        await sendJson('PUT', `/api/stories/${storyId}`, {
          story_id: storyId,
          chapter_id: chapter.id,
          blocks: [{ key_id: 'early', chunk: paragraph('early', 'Too soon'), place: '0' }],
        })
      ).status,
      delete: (
        await sendJson('DELETE', `/api/stories/${storyId}/block`, {
          chapter_id: chapter.id,
          blocks: [{ key_id: 'early' }],
        })
      ).status,
      order: (
        await sendJson('PUT', `/api/stories/${storyId}/orderMap`, {
          chapter_id: chapter.id,
          blocks: [{ key_id: 'early', place: '0' }],
        })
      ).status,
    };
    await worker.release();
    const ready = (await (
      await author.fetch(`/api/stories/${storyId}/chapters/${chapter.id}`)
    ).json()) as Chapter;
    const afterCreation = await contentOf(storyId, chapter.id);
    const saved = await sendJson('PUT', `/api/stories/${storyId}`, {
      chapter_id: chapter.id,
      blocks: [{ key_id: 'early', chunk: paragraph('early', 'Now it works'), place: '1' }],
    });

    expect(created.status).toBe(201);
    expect(chapter).toMatchObject({ title: 'Chapter 2', place: 2, status: 'creating', story_id: storyId });
    expect(whileCreating).toEqual({ content: 501, save: 501, delete: 501, order: 501 });
    expect(ready.status).toBe('ready');
    expect(afterCreation).toHaveLength(1);
    expect(afterCreation.map((item) => item.key_id.Value)).not.toContain('early');
    expect(saved.status).toBe(204);
    expect((await contentOf(storyId, chapter.id)).map((item) => item.key_id.Value)[1]).toBe('early');
  });

  it('round-trips paragraphs with their formatting, deletes and moves them, in order', async () => {
    const { storyId, firstChapterId } = await newStory();
    const [starter] = await contentOf(storyId, firstChapterId);
    const chunks = {
      a: paragraph('a', 'It was a dark and stormy night.', 1),
      b: paragraph('b', 'The rain fell in torrents.', 3),
      c: paragraph('c', 'Except at occasional intervals.'),
    };

    const save = await sendJson('PUT', `/api/stories/${storyId}`, {
      story_id: storyId,
      chapter_id: firstChapterId,
      blocks: [
        { key_id: starter!.key_id.Value, chunk: paragraph(starter!.key_id.Value, 'Opening.'), place: '0' },
        { key_id: 'a', chunk: chunks.a, place: '1' },
        { key_id: 'b', chunk: chunks.b, place: '2' },
        { key_id: 'c', chunk: chunks.c, place: '3' },
      ],
    });
    const afterSave = await contentOf(storyId, firstChapterId);
    const remove = await sendJson('DELETE', `/api/stories/${storyId}/block`, {
      story_id: storyId,
      chapter_id: firstChapterId,
      blocks: [{ key_id: starter!.key_id.Value }],
    });
    const move = await sendJson('PUT', `/api/stories/${storyId}/orderMap`, {
      chapter_id: firstChapterId,
      blocks: [{ key_id: 'c', place: '0' }],
    });
    const afterMove = await contentOf(storyId, firstChapterId);

    expect([save.status, remove.status, move.status]).toEqual([204, 204, 204]);
    expect(afterSave.map((item) => item.key_id.Value)).toEqual([starter!.key_id.Value, 'a', 'b', 'c']);
    expect(afterSave[1]!.chunk.Value).toBe(chunks.a);
    expect(afterMove.map((item) => [item.key_id.Value, item.place.Value])).toEqual([
      ['c', '0'],
      ['a', '1'],
      ['b', '2'],
    ]);
    expect(JSON.parse(afterMove[2]!.chunk.Value)).toEqual(JSON.parse(chunks.b));
  });

  it('refuses a malformed paragraph with 400 and stores nothing of that request', async () => {
    const { storyId, firstChapterId } = await newStory();
    const before = await contentOf(storyId, firstChapterId);

    const response = await sendJson('PUT', `/api/stories/${storyId}`, {
      chapter_id: firstChapterId,
      blocks: [
        { key_id: 'fine', chunk: paragraph('fine', 'Fine.'), place: '1' },
        { key_id: 'broken', chunk: '{"type":"paragraph"}', place: '2' },
      ],
    });

    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('A paragraph must be a custom-paragraph JSON object.');
    expect(await contentOf(storyId, firstChapterId)).toEqual(before);
  });

  it("answers 404 for a chapter of another of the author's stories named in the body", async () => {
    const first = await newStory();
    const second = await newStory();

    const response = await sendJson('PUT', `/api/stories/${first.storyId}`, {
      chapter_id: second.firstChapterId,
      blocks: [{ key_id: 'stray', chunk: paragraph('stray', 'Wrong story.'), place: '0' }],
    });

    expect(response.status).toBe(404);
    expect(
      (await contentOf(second.storyId, second.firstChapterId)).map((item) => item.key_id.Value),
    ).not.toContain('stray');
  });

  it('renames, reorders and deletes chapters, and never deletes the only chapter', async () => {
    const { storyId, firstChapterId } = await newStory();
    const onlyChapter = await author.fetch(`/api/stories/${storyId}/chapter/${firstChapterId}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
    });
    const second = (await (await sendJson('POST', `/api/stories/${storyId}/chapter`, {})).json()) as Chapter;
    const third = (await (await sendJson('POST', `/api/stories/${storyId}/chapter`, {})).json()) as Chapter;
    await runtime.queue.drain();

    const renamed = await sendJson('PUT', `/api/stories/${storyId}/chapters/${second.id}`, {
      ...second,
      title: '  The Middle  ',
    });
    const reordered = await sendJson('PUT', `/api/stories/${storyId}/chapters`, [
      { id: third.id, place: 1 },
      { id: firstChapterId, place: 2 },
      { id: second.id, place: 3 },
    ]);
    const deleted = await author.fetch(`/api/stories/${storyId}/chapter/${firstChapterId}`, {
      method: 'DELETE',
    });
    const chapters = ((await (await author.fetch(`/api/stories/${storyId}`)).json()) as Story).chapters!;

    expect(onlyChapter.status).toBe(409);
    expect(await onlyChapter.json()).toEqual({
      error: 'only_chapter',
      message: "You cannot delete a story's only chapter.",
    });
    expect([second.title, third.title]).toEqual(['Chapter 2', 'Chapter 3']);
    expect((await renamed.json()).title).toBe('The Middle');
    expect(((await reordered.json()) as Chapter[]).map((chapter) => [chapter.id, chapter.place])).toEqual([
      [third.id, 1],
      [firstChapterId, 2],
      [second.id, 3],
    ]);
    expect(deleted.status).toBe(204);
    expect(chapters.map((chapter) => [chapter.title, chapter.place])).toEqual([
      ['Chapter 3', 1],
      ['The Middle', 2],
    ]);
    expect((await author.fetch(`/api/stories/${storyId}/content?chapter=${firstChapterId}`)).status).toBe(
      404,
    );
  });

  it('keeps a synopsis and stage sent with the chapter, through title-only updates and the trash, until null clears them', async () => {
    const { storyId, firstChapterId: chapterId } = await newStory();
    const chapterPath = `/api/stories/${storyId}/chapters/${chapterId}`;
    const chapterOfStory = async () =>
      ((await (await author.fetch(`/api/stories/${storyId}`)).json()) as Story).chapters!.find(
        (chapter) => chapter.id === chapterId,
      );
    const fresh = (await (await author.fetch(chapterPath)).json()) as Chapter;

    const described = await sendJson('PUT', chapterPath, {
      ...fresh,
      synopsis: '  The caravan leaves at dawn.\nNobody waves.  ',
      stage: 'revised',
    });
    const retitled = await sendJson('PUT', chapterPath, { title: 'Dawn' });
    await sendJson('POST', `/api/stories/${storyId}/chapter`, {});
    await author.fetch(`/api/stories/${storyId}/chapter/${chapterId}`, { method: 'DELETE' });
    await sendJson('POST', `/api/trash/stories/${storyId}/chapters/${chapterId}/restore`, {});
    const restored = await chapterOfStory();
    const cleared = await sendJson('PUT', chapterPath, { title: 'Dawn', synopsis: null, stage: null });
    const refused = await Promise.all([
      sendJson('PUT', chapterPath, { title: 'Dawn', stage: 'done' }),
      sendJson('PUT', chapterPath, { title: 'Dawn', synopsis: 'x'.repeat(1001) }),
    ]);

    expect([fresh.synopsis, fresh.stage]).toEqual([null, null]);
    expect(described.status).toBe(200);
    expect(await described.json()).toMatchObject({
      synopsis: 'The caravan leaves at dawn.\nNobody waves.',
      stage: 'revised',
    });
    expect(await retitled.json()).toMatchObject({
      title: 'Dawn',
      synopsis: 'The caravan leaves at dawn.\nNobody waves.',
      stage: 'revised',
    });
    expect(restored).toMatchObject({ title: 'Dawn', stage: 'revised' });
    expect(await cleared.json()).toMatchObject({ synopsis: null, stage: null });
    expect(await chapterOfStory()).toMatchObject({ synopsis: null, stage: null });
    expect(refused.map((response) => response.status)).toEqual([400, 400]);
    expect(await Promise.all(refused.map(async (response) => (await response.json()).message))).toEqual([
      "A chapter's stage is 'draft', 'revised', 'final' or null.",
      'A synopsis may be at most 1000 characters.',
    ]);
  });

  it('answers the full story with every chapter and its paragraphs in order', async () => {
    const { storyId, firstChapterId } = await newStory();
    const [starter] = await contentOf(storyId, firstChapterId);
    await sendJson('PUT', `/api/stories/${storyId}`, {
      chapter_id: firstChapterId,
      blocks: [{ key_id: 'second', chunk: paragraph('second', 'Second.'), place: '1' }],
    });
    await sendJson('POST', `/api/stories/${storyId}/chapter`, { title: 'Later' });
    await runtime.queue.drain();

    const response = await author.fetch(`/api/stories/${storyId}/full`);

    expect(response.status).toBe(200);
    const full = (await response.json()) as FullStory;
    expect(
      full.chapters_with_contents.map(({ chapter, blocks }) => [
        chapter.title,
        blocks.items.map((item) => item.key_id.Value),
      ]),
    ).toEqual([
      ['Chapter 1', [starter!.key_id.Value, 'second']],
      ['Later', [expect.any(String)]],
    ]);
  });
});
