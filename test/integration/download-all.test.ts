import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { ChapterContent } from '../../shared/schemas/block';
import type { Paragraph } from '../../shared/schemas/paragraph';
import type { Story } from '../../shared/schemas/story';
import { signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm } from '../helpers/images';
import { summariseParagraph } from '../helpers/imported-manuscripts';
import { BOLD, ITALIC, paragraph, run, tab } from '../helpers/paragraphs';

const UNDERLINE = 8;

describe("downloading all of an author's stories on the embedded runtime", () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'iris@example.com', 'Iris');
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const createStory = async (browser: TestBrowser, title: string) => {
    const created = await browser.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title, description: 'Told twice.' }),
    });
    expect(created.status).toBe(201);
    return (await created.json()) as Story;
  };

  const saveParagraphs = async (storyId: string, chapterId: string, paragraphs: Paragraph[]) => {
    const saved = await author.sendJson('PUT', `/api/stories/${storyId}`, {
      story_id: storyId,
      chapter_id: chapterId,
      blocks: paragraphs.map((content, place) => ({
        key_id: `${chapterId}-${place}`,
        place,
        chunk: JSON.stringify({ ...content, key_id: `${chapterId}-${place}` }),
      })),
    });
    expect(saved.status).toBe(204);
  };

  /** The chapter's paragraphs as runs; blank ones (a new chapter's first) left out, as Markdown holds none. */
  const paragraphsOf = async (browser: TestBrowser, storyId: string, chapterId: string) => {
    const response = await browser.fetch(`/api/stories/${storyId}/content?chapter=${chapterId}`);
    const { items } = (await response.json()) as ChapterContent;
    return items
      .map((item) => summariseParagraph(JSON.parse(item.chunk.Value) as Paragraph).runs)
      .filter((runs) => runs.length > 0);
  };

  const downloadAll = async (browser: TestBrowser) => {
    const response = await browser.sendJson('POST', '/api/user/download');
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const file = await fetch(url);
    expect(file.headers.get('content-disposition')).toContain('Loreweaver stories.zip');
    return JSZip.loadAsync(await file.arrayBuffer());
  };

  it('zips every story as Markdown and JSON, and the Markdown imports back to the same chapters', async () => {
    const story = await createStory(author, 'The Glass Orchard');
    const firstChapter = story.chapters![0]!.id;
    await saveParagraphs(story.story_id, firstChapter, [
      paragraph(run('The orchard was '), run('glass', ITALIC), run(', every '), run('leaf', BOLD), run('.')),
      // As typed with autotab on: a tab starts every paragraph after the first.
      paragraph(tab(), run('Nobody '), run('walked', UNDERLINE), run(' there.')),
    ]);
    const added = await author.sendJson('POST', `/api/stories/${story.story_id}/chapter`, {});
    expect(added.status).toBe(201);
    await runtime.queue.drain();
    const chapters = ((await (await author.fetch(`/api/stories/${story.story_id}`)).json()) as Story)
      .chapters!;
    await author.sendJson('PUT', `/api/stories/${story.story_id}/chapters/${chapters[1]!.id}`, {
      title: 'Winter',
      synopsis: 'The glass freezes.',
      stage: 'draft',
    });
    await saveParagraphs(story.story_id, chapters[1]!.id, [paragraph(run('Snow fell on the glass.'))]);
    const calendar = { months: [{ name: 'Frost', days: 40 }], epoch_name: 'AG' };
    expect((await author.sendJson('PUT', `/api/stories/${story.story_id}/calendar`, calendar)).status).toBe(
      200,
    );
    const storyTime = { start: { year: 3, month: 1, day: 9 }, flashback: true };
    const dated = await author.sendJson(
      'PUT',
      `/api/stories/${story.story_id}/chapters/${chapters[1]!.id}/time`,
      storyTime,
    );
    expect(dated.status).toBe(200);
    const [orchard] = (await (
      await author.sendJson('POST', `/api/stories/${story.story_id}/associations`, [
        { association_name: 'Orchard', association_type: 'place' },
      ])
    ).json()) as { association_id: string }[];
    const fact = { label: 'State', value: 'frozen', from_chapter_id: chapters[1]!.id };
    const factPath = `/api/stories/${story.story_id}/associations/${orchard!.association_id}/facts`;
    expect((await author.sendJson('POST', factPath, fact)).status).toBe(201);
    await createStory(author, 'The Glass Orchard');

    const zip = await downloadAll(author);

    expect(Object.keys(zip.files).sort()).toEqual([
      'The Glass Orchard (2).json',
      'The Glass Orchard (2).md',
      'The Glass Orchard.json',
      'The Glass Orchard.md',
    ]);
    const archive = JSON.parse(await zip.file('The Glass Orchard.json')!.async('string')) as {
      story: { title: string; description: string; calendar: unknown };
      settings: unknown;
      chapters: {
        title: string;
        place: number;
        synopsis: string | null;
        stage: string | null;
        story_time: unknown;
        paragraphs: Paragraph[];
      }[];
      facts: unknown[];
      relationships: unknown[];
      associations: unknown[];
      outline: unknown[];
    };
    expect(archive.story).toMatchObject({
      title: 'The Glass Orchard',
      description: 'Told twice.',
      calendar: { kind: 'custom', months: calendar.months, epoch_name: 'AG' },
    });
    expect(archive.chapters.map((chapter) => chapter.story_time)).toEqual([null, storyTime]);
    expect(archive.settings).toEqual({ spellcheck: true, autotab: true, highlight_associations: true });
    expect(
      archive.chapters.map((chapter) => [chapter.title, chapter.place, chapter.synopsis, chapter.stage]),
    ).toEqual([
      ['Chapter 1', 1, null, null],
      ['Winter', 2, 'The glass freezes.', 'draft'],
    ]);
    expect(summariseParagraph(archive.chapters[0]!.paragraphs[0]!).runs).toEqual([
      ['The orchard was ', 0],
      ['glass', ITALIC],
      [', every ', 0],
      ['leaf', BOLD],
      ['.', 0],
    ]);
    expect(archive.associations).toMatchObject([{ association_name: 'Orchard' }]);
    expect(archive.outline).toEqual([]);
    expect(archive.facts).toEqual([
      { id: expect.any(String), association_id: orchard!.association_id, ...fact },
    ]);
    expect(archive.relationships).toEqual([]);

    const markdown = await zip.file('The Glass Orchard.md')!.async('uint8array');
    const imported = await author.fetch('/api/stories/import', {
      method: 'POST',
      body: multipartForm({}, { bytes: markdown, name: 'The Glass Orchard.md' }),
    });
    expect(imported.status).toBe(202);
    await runtime.queue.drain();
    const { story_id: importedId } = (await imported.json()) as Story;
    const importedChapters = ((await (await author.fetch(`/api/stories/${importedId}`)).json()) as Story)
      .chapters!;
    expect(importedChapters.map((chapter) => chapter.title)).toEqual(['Chapter 1', 'Winter']);
    expect(await paragraphsOf(author, importedId, importedChapters[0]!.id)).toEqual(
      await paragraphsOf(author, story.story_id, firstChapter),
    );
    expect(await paragraphsOf(author, importedId, importedChapters[1]!.id)).toEqual(
      await paragraphsOf(author, story.story_id, chapters[1]!.id),
    );
  }, 30_000);

  it("holds only the caller's stories, is free, and refuses a body with fields or no session", async () => {
    const newcomer = await signIn(runtime, 'june@example.com', 'June');
    await createStory(newcomer, 'Only Mine');

    const zip = await downloadAll(newcomer);
    const withFields = await newcomer.sendJson('POST', '/api/user/download', { user_id: 'someone-else' });
    const signedOut = await fetch(`${runtime.url}/api/user/download`, { method: 'POST' });

    expect(Object.keys(zip.files).sort()).toEqual(['Only Mine.json', 'Only Mine.md']);
    expect(withFields.status).toBe(400);
    expect(await withFields.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect(signedOut.status).toBe(401);
  });
});
