import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderPdf } from '../../../../lambdas/domain/export/render-pdf';
import { pdfFonts, pdfText, temporaryFolder, writeExport } from './export-files';
import { createManuscript } from '../../../../lambdas/domain/export/manuscript';
import { SAMPLE_WORDS, paragraph, sampleManuscript, text } from './manuscript-fixture';

let folder: ReturnType<typeof temporaryFolder>;
beforeEach(() => {
  folder = temporaryFolder();
});
afterEach(() => folder.remove());

/** pdftotext's words without the page furniture (running headers, page numbers) and scene-break marks. */
function bodyWords(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !/^Quill \/ THE LANTERN ROAD \/ \d+$/.test(line.trim()) && !/^\d+$/.test(line.trim()))
    .join(' ')
    .split(/\s+/)
    .filter((word) => !['', '#', '*', '***'].includes(word));
}

describe('renderPdf, manuscript layout', () => {
  it('gives every word in order', async () => {
    const { body, extension, contentType } = await renderPdf(sampleManuscript(), 'manuscript');

    const text = pdfText(writeExport(folder.folder, `sample.${extension}`, body));

    expect(contentType).toBe('application/pdf');
    const words = bodyWords(text);
    expect(words.slice(words.indexOf('Chapter'))).toEqual(SAMPLE_WORDS);
  });

  it('embeds every face it uses and no standard font', async () => {
    const { body } = await renderPdf(sampleManuscript(), 'manuscript');

    const fonts = pdfFonts(writeExport(folder.folder, 'sample.pdf', body))
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '');

    expect(fonts.map((line) => line.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'Tinos-Bold',
      'Tinos-Italic',
      'Tinos-Regular',
    ]);
    // Columns: name, type (two words), encoding, emb, sub, uni, object, generation.
    for (const line of fonts) expect(line.split(/\s+/).slice(-5)[0]).toBe('yes');
  });

  it('puts the SMF title page first and a running header with surname, title and page on text pages', async () => {
    const { body } = await renderPdf(sampleManuscript(), 'manuscript');

    const pages = pdfText(writeExport(folder.folder, 'sample.pdf', body)).split('\f');

    expect(pages[0]).toContain('Ada Quill');
    expect(pages[0]).toContain('ada@example.com');
    expect(pages[0]).toContain('34 words');
    expect(pages[0]).not.toContain('THE LANTERN ROAD /');
    expect(pages[1]).toContain('Quill / THE LANTERN ROAD / 1');
    expect(pages[1]).toContain('Chapter One');
    expect(pages[2]).toContain('Quill / THE LANTERN ROAD / 2');
    expect(pages[2]).toContain('Chapter Two');
  });

  it('numbers every page a chapter runs onto, and not the title page', async () => {
    const longChapter = Array.from({ length: 60 }, (_, index) =>
      paragraph([
        text(`\tParagraph ${index} of a chapter long enough to run over several pages, `.repeat(4)),
      ]),
    );
    const manuscript = createManuscript({
      storyId: 'story-1',
      title: 'The Lantern Road',
      authorName: 'Ada Quill',
      authorContact: 'ada@example.com',
      chapters: [
        { title: 'Chapter One', paragraphs: longChapter },
        { title: 'Chapter Two', paragraphs: longChapter.slice(0, 3) },
      ],
    });
    const { body } = await renderPdf(manuscript, 'manuscript');

    const pages = pdfText(writeExport(folder.folder, 'long.pdf', body))
      .split('\f')
      .filter((page) => page.trim() !== '');

    expect(pages.length).toBeGreaterThan(4);
    expect(pages[0]).not.toMatch(/\b1\b/);
    const expected = pages.slice(1).map((_, index) => `Quill / THE LANTERN ROAD / ${index + 1}`);
    expect(pages.slice(1).map((page) => page.split('\n')[0]!.trim())).toEqual(expected);
  });
});
