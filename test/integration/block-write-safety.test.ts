import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { ChapterContent } from '../../shared/schemas/block';
import { emptyParagraph } from '../../shared/schemas/paragraph';
import type { Story } from '../../shared/schemas/story';
import { TOO_MANY_BLOCKS_MESSAGE } from '../../shared/validation';
import { signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm } from '../helpers/images';
import { paragraph, run } from '../helpers/paragraphs';

/**
 * Issue 16, defects 0 and 3 on DynamoDB Local: a refused save stores nothing, and a write based on a revision
 * another window has since replaced is refused instead of overwriting that window's text.
 */

const chunk = (keyId: string, text: string) => JSON.stringify({ ...paragraph(run(text)), key_id: keyId });

describe('block writes on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let laptop: TestBrowser;
  let phone: TestBrowser;

  beforeAll(async () => {
    runtime = await startTestRuntime();
    // The same author signed in twice: two sessions, as on a laptop and a phone.
    laptop = await signIn(runtime, 'mary@example.com', 'Mary');
    phone = await signIn(runtime, 'mary@example.com', 'Mary');
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const newChapter = async () => {
    const response = await laptop.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title: 'Two windows', description: 'One chapter, two devices.' }),
    });
    const story = (await response.json()) as Story;
    return { storyId: story.story_id, chapterId: story.chapters![0]!.id };
  };

  const contentOf = async (browser: TestBrowser, storyId: string, chapterId: string) => {
    const response = await browser.fetch(`/api/stories/${storyId}/content?chapter=${chapterId}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as ChapterContent).items;
  };

  const texts = (items: ChapterContent['items']) =>
    items.map((item) => {
      const json = JSON.parse(item.chunk.Value) as { children: { text?: string }[] };
      return json.children.map((child) => child.text ?? '').join('');
    });

  it('refuses a save that would pass 5,000 paragraphs with 400 and stores none of it', async () => {
    const { storyId, chapterId } = await newChapter();
    const save = (keyIds: string[]) =>
      laptop.sendJson('PUT', `/api/stories/${storyId}`, {
        chapter_id: chapterId,
        blocks: keyIds.map((keyId) => ({ key_id: keyId, chunk: JSON.stringify(emptyParagraph(keyId)) })),
      });
    const keyIds = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => `${prefix}-${index}`);
    for (let batch = 0; batch < 9; batch += 1) {
      expect((await save(keyIds(`b${batch}`, 500))).status).toBe(204);
    }
    expect(await contentOf(laptop, storyId, chapterId)).toHaveLength(4_501);

    const refused = await save(keyIds('over', 500));

    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(TOO_MANY_BLOCKS_MESSAGE);
    expect(await contentOf(laptop, storyId, chapterId)).toHaveLength(4_501);
  }, 120_000);

  it('answers each paragraph with its revision, bumped by every save', async () => {
    const { storyId, chapterId } = await newChapter();
    const [starter] = await contentOf(laptop, storyId, chapterId);
    const keyId = starter!.key_id.Value;

    await laptop.sendJson('PUT', `/api/stories/${storyId}`, {
      chapter_id: chapterId,
      blocks: [{ key_id: keyId, chunk: chunk(keyId, 'Once.'), base_revision: starter!.revision }],
    });
    const [saved] = await contentOf(laptop, storyId, chapterId);

    expect(starter!.revision).toBe(1);
    expect(saved!.revision).toBe(2);
  });

  it('accepts a save repeated after its answer was lost, without bumping the revision again', async () => {
    const { storyId, chapterId } = await newChapter();
    const [loaded] = await contentOf(laptop, storyId, chapterId);
    const keyId = loaded!.key_id.Value;
    const save = {
      chapter_id: chapterId,
      blocks: [
        { key_id: keyId, chunk: chunk(keyId, 'Sent twice.'), base_revision: loaded!.revision },
        { key_id: 'added', chunk: chunk('added', 'New, sent twice.'), place: '1', base_revision: 0 },
      ],
    };

    const first = await laptop.sendJson('PUT', `/api/stories/${storyId}`, save);
    const repeated = await laptop.sendJson('PUT', `/api/stories/${storyId}`, save);
    const different = await laptop.sendJson('PUT', `/api/stories/${storyId}`, {
      chapter_id: chapterId,
      blocks: [{ key_id: keyId, chunk: chunk(keyId, 'Not the same.'), base_revision: loaded!.revision }],
    });

    expect(first.status).toBe(204);
    expect(repeated.status).toBe(204);
    expect(different.status).toBe(409);
    const stored = await contentOf(laptop, storyId, chapterId);
    expect(texts(stored)).toEqual(['Sent twice.', 'New, sent twice.']);
    expect(stored.map((item) => item.revision)).toEqual([loaded!.revision! + 1, 1]);
  });

  it("refuses with 409 chapter_changed a save based on a paragraph another window has changed, and keeps that window's text", async () => {
    const { storyId, chapterId } = await newChapter();
    const [loaded] = await contentOf(phone, storyId, chapterId);
    const keyId = loaded!.key_id.Value;
    const laptopSave = await laptop.sendJson('PUT', `/api/stories/${storyId}`, {
      chapter_id: chapterId,
      blocks: [
        { key_id: keyId, chunk: chunk(keyId, 'Typed on the laptop.'), base_revision: loaded!.revision },
        { key_id: 'second', chunk: chunk('second', 'Also on the laptop.'), place: '1', base_revision: 0 },
      ],
    });

    const phoneSave = await phone.sendJson('PUT', `/api/stories/${storyId}`, {
      chapter_id: chapterId,
      blocks: [
        { key_id: keyId, chunk: chunk(keyId, 'Typed on the phone.'), base_revision: loaded!.revision },
      ],
    });

    expect(laptopSave.status).toBe(204);
    expect(phoneSave.status).toBe(409);
    expect((await phoneSave.json()).error).toBe('chapter_changed');
    expect(texts(await contentOf(phone, storyId, chapterId))).toEqual([
      'Typed on the laptop.',
      'Also on the laptop.',
    ]);
  });

  it('refuses with 409 a delete of a paragraph another window has changed, and keeps it', async () => {
    const { storyId, chapterId } = await newChapter();
    const [loaded] = await contentOf(phone, storyId, chapterId);
    const keyId = loaded!.key_id.Value;
    await laptop.sendJson('PUT', `/api/stories/${storyId}`, {
      chapter_id: chapterId,
      blocks: [{ key_id: keyId, chunk: chunk(keyId, 'Kept.'), base_revision: loaded!.revision }],
    });

    const phoneDelete = await phone.sendJson('DELETE', `/api/stories/${storyId}/block`, {
      chapter_id: chapterId,
      blocks: [{ key_id: keyId, base_revision: loaded!.revision }],
    });

    expect(phoneDelete.status).toBe(409);
    expect((await phoneDelete.json()).error).toBe('chapter_changed');
    expect(texts(await contentOf(laptop, storyId, chapterId))).toEqual(['Kept.']);
  });

  it('accepts a delete of a paragraph that is already gone, and writes without a revision as before', async () => {
    const { storyId, chapterId } = await newChapter();
    const [loaded] = await contentOf(phone, storyId, chapterId);
    const keyId = loaded!.key_id.Value;
    await laptop.sendJson('DELETE', `/api/stories/${storyId}/block`, {
      chapter_id: chapterId,
      blocks: [{ key_id: keyId, base_revision: loaded!.revision }],
    });

    const repeatedDelete = await phone.sendJson('DELETE', `/api/stories/${storyId}/block`, {
      chapter_id: chapterId,
      blocks: [{ key_id: keyId, base_revision: loaded!.revision }],
    });
    const unversionedSaves = [
      await phone.sendJson('PUT', `/api/stories/${storyId}`, {
        chapter_id: chapterId,
        blocks: [{ key_id: 'plain', chunk: chunk('plain', 'First.') }],
      }),
      await laptop.sendJson('PUT', `/api/stories/${storyId}`, {
        chapter_id: chapterId,
        blocks: [{ key_id: 'plain', chunk: chunk('plain', 'Second.') }],
      }),
    ];

    expect(repeatedDelete.status).toBe(204);
    expect(unversionedSaves.map((response) => response.status)).toEqual([204, 204]);
    const items = await contentOf(laptop, storyId, chapterId);
    expect(texts(items)).toEqual(['Second.']);
    expect(items[0]!.revision).toBe(2);
  });
});
