import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { MANUSCRIPT_NOT_TEXT_MESSAGE } from '../../shared/manuscript-import';
import type { ChapterContent } from '../../shared/schemas/block';
import type { Paragraph as StoredParagraph } from '../../shared/schemas/paragraph';
import type { Series } from '../../shared/schemas/series';
import type { Story } from '../../shared/schemas/story';
import { createImportedChapters } from '../../lambdas/domain/import/build-imported-story';
import { readStagedManuscript, type StoryImportMessage } from '../../lambdas/domain/import/staged-manuscript';
import { signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { holdQueue } from '../helpers/held-queue';
import { multipartForm } from '../helpers/images';
import { summariseParagraph } from '../helpers/imported-manuscripts';

/** A short manuscript: two chapters under Heading 1, with bold and italic runs. */
async function manuscriptDocx(): Promise<Uint8Array> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'The Letter', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('It came on a '),
              new TextRun({ text: 'Tuesday', italics: true }),
              new TextRun(', and it was '),
              new TextRun({ text: 'late', bold: true }),
              new TextRun('.'),
            ],
          }),
          new Paragraph({ text: 'Nobody opened it.' }),
          new Paragraph({ text: 'The Answer', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: 'She wrote back at once.' }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

describe('importing a manuscript on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let stranger: TestBrowser;

  beforeAll(async () => {
    runtime = await startTestRuntime();
    author = await signIn(runtime, 'mary@example.com', 'Mary');
    stranger = await signIn(runtime, 'claire@example.com', 'Claire');
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const importFile = (
    browser: TestBrowser,
    fields: Record<string, string>,
    file: { bytes: Uint8Array; name: string },
  ) => browser.fetch('/api/stories/import', { method: 'POST', body: multipartForm(fields, file) });

  const listStories = async (browser: TestBrowser) =>
    (await (await browser.fetch('/api/stories')).json()) as Story[];

  const paragraphsOf = async (storyId: string, chapterId: string) => {
    const response = await author.fetch(`/api/stories/${storyId}/content?chapter=${chapterId}`);
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as ChapterContent;
    return items.map((item) => summariseParagraph(JSON.parse(item.chunk.Value) as StoredParagraph));
  };

  it('answers 202 with a story importing 0 of 2 chapters, then the worker builds them with their titles and text', async () => {
    const worker = holdQueue(runtime);

    const response = await importFile(
      author,
      {},
      { bytes: await manuscriptDocx(), name: 'The_Long_Winter.docx' },
    );
    const story = (await response.json()) as Story;
    const listedWhileQueued = (await listStories(author)).find((item) => item.story_id === story.story_id);
    await worker.release();
    const built = (await (await author.fetch(`/api/stories/${story.story_id}`)).json()) as Story;

    expect(response.status).toBe(202);
    expect(story).toMatchObject({
      title: 'The Long Winter',
      description: 'Imported from The_Long_Winter.docx',
    });
    expect(listedWhileQueued?.import).toEqual({ status: 'importing', chapters_done: 0, chapters_total: 2 });
    expect(built.import).toBeUndefined();
    expect(built.chapters!.map((chapter) => [chapter.title, chapter.place, chapter.status])).toEqual([
      ['The Letter', 1, 'ready'],
      ['The Answer', 2, 'ready'],
    ]);
    expect(await paragraphsOf(story.story_id, built.chapters![0]!.id)).toEqual([
      {
        alignment: '',
        runs: [
          ['It came on a ', 0],
          ['Tuesday', 2],
          [', and it was ', 0],
          ['late', 1],
          ['.', 0],
        ],
      },
      // The story's autotab rule, as typing applies it: every paragraph after the chapter's first.
      {
        alignment: '',
        runs: [
          ['\t', 0],
          ['Nobody opened it.', 0],
        ],
      },
    ]);
    expect(await paragraphsOf(story.story_id, built.chapters![1]!.id)).toEqual([
      { alignment: '', runs: [['She wrote back at once.', 0]] },
    ]);
    expect([story.word_count, built.word_count]).toEqual([0, 17]);
  });

  it('lists the chapters as being created, answering 501 for their content, until the worker has built them', async () => {
    const worker = holdQueue(runtime);
    const created = await importFile(
      author,
      { title: 'Half built' },
      { bytes: new TextEncoder().encode('Chapter 1\n\nOnce.\n\nChapter 2\n\nTwice.\n'), name: 'draft.txt' },
    );
    const { story_id: storyId } = (await created.json()) as Story;
    const [message] = worker.held.map(([, body]) => body as StoryImportMessage);
    // The worker's first step alone: every chapter written as 'creating'.
    const staged = await readStagedManuscript(runtime.ports.blobs, storyId);
    await createImportedChapters(runtime.ports, message!, staged!.chapters);

    const whileBuilding = (await (await author.fetch(`/api/stories/${storyId}`)).json()) as Story;
    const contentWhileBuilding = await author.fetch(
      `/api/stories/${storyId}/content?chapter=${whileBuilding.chapters![0]!.id}`,
    );
    await worker.release();
    const built = (await (await author.fetch(`/api/stories/${storyId}`)).json()) as Story;

    expect(created.status).toBe(202);
    expect(whileBuilding.chapters!.map((chapter) => [chapter.title, chapter.status])).toEqual([
      ['Chapter 1', 'creating'],
      ['Chapter 2', 'creating'],
    ]);
    expect(contentWhileBuilding.status).toBe(501);
    expect(built.chapters!.map((chapter) => [chapter.title, chapter.status])).toEqual([
      ['Chapter 1', 'ready'],
      ['Chapter 2', 'ready'],
    ]);
    expect(await paragraphsOf(storyId, built.chapters![1]!.id)).toEqual([
      { alignment: '', runs: [['Twice.', 0]] },
    ]);
  });

  it('refuses a renamed file with a 415 and its message, and creates nothing: no story, no series', async () => {
    const before = await listStories(author);

    const response = await importFile(
      author,
      { title: 'Renamed', series_title: 'A series that must not appear' },
      { bytes: await manuscriptDocx(), name: 'notes.txt' },
    );

    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ message: MANUSCRIPT_NOT_TEXT_MESSAGE });
    expect(await listStories(author)).toEqual(before);
    const series = (await (await author.fetch('/api/series')).json()) as Series[];
    expect(series.map((item) => item.series_title)).not.toContain('A series that must not appear');
  });

  it('answers 400 without a file and for an invalid title', async () => {
    const withoutFile = await author.fetch('/api/stories/import', {
      method: 'POST',
      body: multipartForm({ title: 'Nothing' }),
    });
    const badTitle = await importFile(
      author,
      { title: 'aws:reserved' },
      { bytes: new TextEncoder().encode('Words.'), name: 'draft.txt' },
    );

    expect(withoutFile.status).toBe(400);
    expect(badTitle.status).toBe(400);
  });

  it("answers 404 to another author for the imported story and its chapters' content", async () => {
    const response = await importFile(author, {}, { bytes: await manuscriptDocx(), name: 'private.docx' });
    const { story_id: storyId } = (await response.json()) as Story;
    await runtime.queue.drain();
    const story = (await (await author.fetch(`/api/stories/${storyId}`)).json()) as Story;

    const answers = [
      (await stranger.fetch(`/api/stories/${storyId}`)).status,
      (await stranger.fetch(`/api/stories/${storyId}/content?chapter=${story.chapters![0]!.id}`)).status,
    ];

    expect(answers).toEqual([404, 404]);
    expect((await listStories(stranger)).map((item) => item.story_id)).not.toContain(storyId);
  });
});
