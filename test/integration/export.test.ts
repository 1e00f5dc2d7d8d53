import { execFileSync } from 'node:child_process';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieName } from '../../lambdas/middleware/cookies';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { DEFAULT_BOOK_SETTINGS, type BookSettings } from '../../shared/schemas/book';
import type { Story } from '../../shared/schemas/story';
import {
  grantSubscription,
  movableClock,
  purgeTrashAfterRetention,
  signIn,
  startTestRuntime,
  type TestBrowser,
} from '../helpers/embedded-runtime';
import { holdQueue } from '../helpers/held-queue';
import { multipartForm } from '../helpers/images';
import { pdfText, temporaryFolder, writeExport } from '../lambdas/domain/export/export-files';

/** A paragraph as the editor saves it: a tab first, then runs with Lexical's format bits (1 bold, 2 italic). */
const paragraph = (keyId: string, runs: [string, number][]) =>
  JSON.stringify({
    type: 'custom-paragraph',
    version: 1,
    key_id: keyId,
    format: '',
    indent: 0,
    direction: 'ltr',
    children: runs.map(([text, format]) => ({
      type: 'text',
      version: 1,
      text,
      format,
      style: '',
      detail: 0,
      mode: 'normal',
    })),
  });

describe('export through the queue on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let subscriber: TestBrowser;
  const files = temporaryFolder();
  const clock = movableClock();

  beforeAll(async () => {
    runtime = await startTestRuntime({ now: clock.now });
    subscriber = await signIn(runtime, 'ada@example.com', 'Ada Quill');
    await grantSubscription(runtime, subscriber.cookie(sessionCookieName(runtime.ports.config))!);
  });

  afterAll(async () => {
    await runtime?.close();
    files.remove();
  });

  /** A story whose one chapter holds two saved paragraphs. */
  const storyWithText = async (browser: TestBrowser) => {
    const created = await browser.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title: 'The Lantern Road', description: 'A journey.' }),
    });
    const story = (await created.json()) as Story;
    const chapterId = story.chapters![0]!.id;
    const saved = await browser.sendJson('PUT', `/api/stories/${story.story_id}`, {
      story_id: story.story_id,
      chapter_id: chapterId,
      blocks: [
        {
          key_id: 'k1',
          place: 0,
          chunk: paragraph('k1', [
            ['\tThe lanterns swung ', 0],
            ['low', 2],
          ]),
        },
        { key_id: 'k2', place: 1, chunk: paragraph('k2', [['\tover the silver river.', 1]]) },
      ],
    });
    expect(saved.status).toBe(204);
    return story.story_id;
  };

  it('makes a PDF of the stored chapters (not the HTML sent) and answers a link to it', async () => {
    const storyId = await storyWithText(subscriber);

    const response = await subscriber.sendJson('PUT', `/api/stories/${storyId}/export?type=pdf`, {
      html_by_chapter: [{ title: 'Chapter 1', html: '<p>Words that were never saved</p>' }],
      title: 'The Lantern Road',
      storyID: storyId,
      type: 'pdf',
    });

    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('The Lantern Road.pdf');
    const text = pdfText(
      writeExport(files.folder, 'story.pdf', new Uint8Array(await download.arrayBuffer())),
    );
    expect(text.replace(/\s+/g, ' ')).toContain('The lanterns swung low over the silver river.');
    expect(text).toContain('Ada Quill');
    expect(text).not.toContain('never saved');
  });

  it('answers 202 with the job while the worker has not run, and the link to poll once it has', async () => {
    const storyId = await storyWithText(subscriber);
    const worker = holdQueue(runtime);

    const pending = await subscriber.sendJson('PUT', `/api/stories/${storyId}/export?type=epub`, {
      layout: 'book',
    });
    const { job_id: jobId } = (await pending.json()) as { job_id: string };
    const beforeWorker = await subscriber.fetch(`/api/stories/${storyId}/export/${jobId}`);
    await worker.release();
    const afterWorker = await subscriber.fetch(`/api/stories/${storyId}/export/${jobId}`);

    expect(pending.status).toBe(202);
    expect(beforeWorker.status).toBe(202);
    expect(afterWorker.status).toBe(200);
    const { url } = (await afterWorker.json()) as { url: string };
    const epub = new Uint8Array(await (await fetch(url)).arrayBuffer());
    expect(Buffer.from(epub.subarray(0, 2)).toString('latin1')).toBe('PK');
  }, 30_000);

  it("refuses a free author with 401 and the spec's message, and another author's story with 404", async () => {
    const free = await signIn(runtime, 'bo@example.com', 'Bo Free');
    const freeStoryId = await storyWithText(free);
    const subscribersStoryId = await storyWithText(subscriber);
    const outsider = await signIn(runtime, 'cy@example.com', 'Cy Paid');
    await grantSubscription(runtime, outsider.cookie(sessionCookieName(runtime.ports.config))!);

    const refused = await free.sendJson('PUT', `/api/stories/${freeStoryId}/export?type=docx`, {});
    const hidden = await outsider.sendJson('PUT', `/api/stories/${subscribersStoryId}/export?type=docx`, {});

    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: 'subscription_required',
      message: 'Free accounts are unable to export their stories.',
    });
    expect(hidden.status).toBe(404);
  });

  it('refuses with 401 an author whose subscription lapsed after their page was loaded', async () => {
    const lapsing = await signIn(runtime, 'di@example.com', 'Di Lapsed');
    const session = lapsing.cookie(sessionCookieName(runtime.ports.config))!;
    await grantSubscription(runtime, session);
    const storyId = await storyWithText(lapsing);
    // The paid period ends while the page still shows the export menu: the server decides, not the page.
    await grantSubscription(runtime, session, -1);

    const refused = await lapsing.sendJson('PUT', `/api/stories/${storyId}/export?type=docx`, {});

    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: 'subscription_required',
      message: 'Free accounts are unable to export their stories.',
    });
  });

  it('deletes the exported files with their story, when the purge removes it from the trash', async () => {
    const storyId = await storyWithText(subscriber);
    const exported = await subscriber.sendJson('PUT', `/api/stories/${storyId}/export?type=docx`, {});
    const { url } = (await exported.json()) as { url: string };
    const fileKey = decodeURIComponent(new URL(url).pathname.split('/').slice(2).join('/'));
    expect(await runtime.ports.blobs.get('exports', fileKey)).toBeDefined();

    expect((await subscriber.fetch(`/api/stories/${storyId}`, { method: 'DELETE' })).status).toBe(204);
    await runtime.queue.drain();
    expect(await runtime.ports.blobs.get('exports', fileKey)).toBeDefined();
    await purgeTrashAfterRetention(runtime, clock);

    expect(await runtime.ports.blobs.get('exports', fileKey)).toBeUndefined();
  });

  describe('book settings (issue 27 §1)', () => {
    it('answers the defaults, keeps a PUT whole (what it leaves out back to its default) and sets the book by them', async () => {
      const storyId = await storyWithText(subscriber);
      const path = `/api/stories/${storyId}/book`;

      const defaults = (await (await subscriber.fetch(path)).json()) as BookSettings;
      const saved = await subscriber.sendJson('PUT', path, {
        trim: '5x8',
        style: 'romance',
        front_matter: { dedication: '  For the keepers.  ', table_of_contents: false },
        back_matter: { also_by: ['The Tide Clock'] },
      });
      const read = (await (await subscriber.fetch(path)).json()) as BookSettings;
      const replaced = (await (
        await subscriber.sendJson('PUT', path, { style: 'modern' })
      ).json()) as BookSettings;

      expect(defaults).toEqual(DEFAULT_BOOK_SETTINGS);
      expect(defaults).toMatchObject({ trim: '6x9', style: 'classic', scene_break: null, language: 'en' });
      expect(saved.status).toBe(200);
      expect(read).toEqual({
        ...DEFAULT_BOOK_SETTINGS,
        trim: '5x8',
        style: 'romance',
        front_matter: {
          ...DEFAULT_BOOK_SETTINGS.front_matter,
          dedication: 'For the keepers.',
          table_of_contents: false,
        },
        back_matter: { ...DEFAULT_BOOK_SETTINGS.back_matter, also_by: ['The Tide Clock'] },
      });
      expect(replaced).toEqual({ ...DEFAULT_BOOK_SETTINGS, style: 'modern' });
    });

    it('makes the book layout’s PDF on the trim the author chose', async () => {
      const storyId = await storyWithText(subscriber);
      await subscriber.sendJson('PUT', `/api/stories/${storyId}/book`, { trim: '5.5x8.5' });

      const response = await subscriber.sendJson('PUT', `/api/stories/${storyId}/export?type=pdf`, {
        layout: 'book',
      });
      const { url } = (await response.json()) as { url: string };
      const file = writeExport(
        files.folder,
        'book.pdf',
        new Uint8Array(await (await fetch(url)).arrayBuffer()),
      );

      expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+396 x 612 pts/);
    });

    it.each([
      ['an unknown field', { trim: '6x9', gutter: 2 }],
      ['a trim it does not know', { trim: 'letter' }],
      ['a scene break glyph it cannot draw', { scene_break: '🙂' }],
      ['a two-digit year', { front_matter: { copyright_year: 26 } }],
      [
        'too many titles',
        { back_matter: { also_by: Array.from({ length: 51 }, (_, index) => `Book ${index}`) } },
      ],
      ['a language that is no tag', { language: 'English' }],
    ])('refuses %s with 400 and keeps what was saved', async (_, body) => {
      const storyId = await storyWithText(subscriber);
      const path = `/api/stories/${storyId}/book`;
      await subscriber.sendJson('PUT', path, { trim: 'a5' });

      const refused = await subscriber.sendJson('PUT', path, body);

      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).not.toBe('');
      expect(((await (await subscriber.fetch(path)).json()) as BookSettings).trim).toBe('a5');
    });

    it('previews the first pages: the print PDF with the settings sent, unsaved, and the EPUB’s files', async () => {
      const storyId = await storyWithText(subscriber);
      const path = `/api/stories/${storyId}/book/preview`;

      const pdf = await subscriber.sendJson('POST', path, {
        format: 'pdf',
        settings: { trim: 'a5', front_matter: { dedication: 'For the keepers.' } },
      });
      const epub = await subscriber.sendJson('POST', path, { format: 'epub' });
      const refused = await subscriber.sendJson('POST', path, { format: 'mobi' });

      expect(pdf.status).toBe(200);
      const pdfAnswer = (await pdf.json()) as { pdf: string; page_count: number; pages_shown: number };
      const file = writeExport(files.folder, 'preview.pdf', Buffer.from(pdfAnswer.pdf, 'base64'));
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info).toMatch(/Page size:\s+419\.5\d* x 595\.2\d* pts/);
      expect(info).toMatch(new RegExp(`Pages:\\s+${pdfAnswer.pages_shown}\\b`));
      expect(pdfAnswer.pages_shown).toBe(Math.min(12, pdfAnswer.page_count));
      expect(pdfText(file)).toContain('For the keepers.');
      expect(
        ((await (await subscriber.fetch(`/api/stories/${storyId}/book`)).json()) as BookSettings).trim,
      ).toBe('6x9');
      const { documents } = (await epub.json()) as { documents: { title: string; html: string }[] };
      expect(documents.map((document) => document.title)).toContain('Chapter 1');
      expect(documents.find((document) => document.title === 'Chapter 1')!.html).toContain(
        'The lanterns swung',
      );
      expect(documents.every((document) => document.html.includes('<style>'))).toBe(true);
      expect(refused.status).toBe(400);
    });

    it('gives an EPUB made after a print PDF of the same text the PDF’s page list, and none once the settings change', async () => {
      const storyId = await storyWithText(subscriber);
      const exported = async (type: 'pdf' | 'epub') => {
        const response = await subscriber.sendJson('PUT', `/api/stories/${storyId}/export?type=${type}`, {
          layout: 'book',
        });
        const { url } = (await response.json()) as { url: string };
        return new Uint8Array(await (await fetch(url)).arrayBuffer());
      };
      const navigation = async () =>
        (await JSZip.loadAsync(await exported('epub'))).file('OEBPS/nav.xhtml')!.async('string');

      const before = await navigation();
      await exported('pdf');
      const after = await navigation();
      await subscriber.sendJson('PUT', `/api/stories/${storyId}/book`, { trim: '5x8' });
      const changed = await navigation();

      expect(before).not.toContain('page-list');
      expect(after).toContain('epub:type="page-list"');
      expect(after).toMatch(/<a href="chapter-001\.xhtml#page-\d+">\d+<\/a>/);
      expect(changed).not.toContain('page-list');
    });
  });
});
