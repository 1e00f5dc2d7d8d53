import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { Paragraph } from '../../shared/schemas/paragraph';
import { StoryReplaceResponseSchema, StorySearchResultSchema } from '../../shared/schemas/story-search';
import { signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { BOLD, ITALIC, paragraph, run } from '../helpers/paragraphs';
import { createStoryWithText, storedParagraphs } from '../helpers/story-text';

describe('find and replace across a story on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let otherAuthor: TestBrowser;

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'christie@example.com', 'Christie');
    otherAuthor = await signIn(runtime, 'sayers@example.com', 'Sayers');
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const storyWith = (chapters: Paragraph[][]) => createStoryWithText(runtime, author, chapters);

  const search = (browser: TestBrowser, storyId: string, query: string) =>
    browser.fetch(`/api/stories/${storyId}/search?${query}`);

  const replace = (browser: TestBrowser, storyId: string, body: unknown) =>
    browser.sendJson('POST', `/api/stories/${storyId}/replace`, body);

  it('counts every match by chapter in place order, with the case and whole-word options', async () => {
    const { storyId, chapterIds } = await storyWith([
      [paragraph(run('On Tuesday it rained.')), paragraph(run('tuesday again, and Tuesdays after.'))],
      [paragraph(run('Nothing happened.'))],
      [paragraph(run('By '), run('Tues', ITALIC), run('day the case was closed.'))],
    ]);

    const anyCase = StorySearchResultSchema.parse(await (await search(author, storyId, 'q=Tuesday')).json());
    const exactWords = StorySearchResultSchema.parse(
      await (await search(author, storyId, 'q=Tuesday&case_sensitive=true&whole_word=true')).json(),
    );

    expect(anyCase.total).toBe(4);
    expect(
      anyCase.chapters.map((chapter) => [chapter.chapter_id, chapter.place, chapter.matches.length]),
    ).toEqual([
      [chapterIds[0], 1, 3],
      [chapterIds[2], 3, 1],
    ]);
    expect(anyCase.chapters[1]!.matches).toEqual([
      { key_id: '2-0', text: 'By Tuesday the case was closed.' },
    ]);
    expect(exactWords.total).toBe(2);
    expect(exactWords.chapters.flatMap((chapter) => chapter.matches.map((match) => match.key_id))).toEqual([
      '0-0',
      '2-0',
    ]);
  });

  it('replaces every match, keeping the formatting of a word split across two runs, and finds none after', async () => {
    const { storyId, chapterIds } = await storyWith([
      [paragraph(run('On '), run('Tues', BOLD), run('day it rained. Tuesdays are wet.'))],
      [paragraph(run('No day named.'))],
      [paragraph(run('Tuesday', ITALIC), run(' came.'))],
    ]);

    const response = await replace(author, storyId, {
      find: 'tuesday',
      replace: 'Friday',
      case_sensitive: false,
      whole_word: true,
    });

    expect(response.status).toBe(200);
    expect(StoryReplaceResponseSchema.parse(await response.json())).toEqual({ replaced: 2, chapters: 2 });
    expect((await storedParagraphs(author, storyId, chapterIds[0]!)).get('0-0')!.children).toEqual([
      expect.objectContaining({ text: 'On ', format: 0 }),
      expect.objectContaining({ text: 'Friday', format: BOLD }),
      expect.objectContaining({ text: ' it rained. Tuesdays are wet.', format: 0 }),
    ]);
    expect((await storedParagraphs(author, storyId, chapterIds[2]!)).get('2-0')!.children).toEqual([
      expect.objectContaining({ text: 'Friday', format: ITALIC }),
      expect.objectContaining({ text: ' came.', format: 0 }),
    ]);
    const after = StorySearchResultSchema.parse(
      await (await search(author, storyId, 'q=Tuesday&whole_word=true')).json(),
    );
    expect(after.total).toBe(0);
  });

  it('bumps the revision of each replaced paragraph, so an open page learns of the change', async () => {
    const { storyId, chapterIds } = await storyWith([
      [paragraph(run('Tuesday.')), paragraph(run('Monday.'))],
    ]);
    const revisions = async () => {
      const content = (await (
        await author.fetch(`/api/stories/${storyId}/content?chapter=${chapterIds[0]}`)
      ).json()) as { items: { key_id: { Value: string }; revision?: number }[] };
      return new Map(content.items.map((item) => [item.key_id.Value, item.revision]));
    };
    const before = await revisions();

    await replace(author, storyId, {
      find: 'Tuesday',
      replace: 'Friday',
      case_sensitive: true,
      whole_word: false,
    });

    const after = await revisions();
    expect(after.get('0-0')).toBe((before.get('0-0') ?? 0) + 1);
    expect(after.get('0-1')).toBe(before.get('0-1'));
  });

  it('answers 400 for a missing, blank or too long query and for malformed options', async () => {
    const { storyId } = await storyWith([[paragraph(run('Tuesday.'))]]);
    const queries = [
      '',
      'q=',
      'q=%20%20',
      `q=${'a'.repeat(201)}`,
      'q=Tuesday&case_sensitive=yes',
      'q=a&whole_word=1',
    ];

    const statuses = await Promise.all(
      queries.map(async (query) => (await search(author, storyId, query)).status),
    );

    expect(statuses).toEqual(queries.map(() => 400));
  });

  it('refuses a bad replace with 400 and changes nothing', async () => {
    const { storyId, chapterIds } = await storyWith([[paragraph(run('Tuesday.'))]]);
    const bodies = [
      { find: ' ', replace: 'x', case_sensitive: false, whole_word: false },
      { find: 'Tuesday', replace: 'x'.repeat(201), case_sensitive: false, whole_word: false },
      { find: 'Tuesday', replace: 'x', case_sensitive: 'true', whole_word: false },
      { find: 'Tuesday', replace: 'x' },
    ];

    const statuses = await Promise.all(
      bodies.map(async (body) => (await replace(author, storyId, body)).status),
    );

    expect(statuses).toEqual(bodies.map(() => 400));
    expect((await storedParagraphs(author, storyId, chapterIds[0]!)).get('0-0')!.children).toEqual([
      expect.objectContaining({ text: 'Tuesday.' }),
    ]);
  });

  it('answers 404 to another author on both calls, changing nothing', async () => {
    const { storyId, chapterIds } = await storyWith([[paragraph(run('Tuesday.'))]]);

    const searched = await search(otherAuthor, storyId, 'q=Tuesday');
    const replaced = await replace(otherAuthor, storyId, {
      find: 'Tuesday',
      replace: 'Friday',
      case_sensitive: false,
      whole_word: false,
    });

    expect([searched.status, replaced.status]).toEqual([404, 404]);
    expect((await storedParagraphs(author, storyId, chapterIds[0]!)).get('0-0')!.children).toEqual([
      expect.objectContaining({ text: 'Tuesday.' }),
    ]);
  });
});
