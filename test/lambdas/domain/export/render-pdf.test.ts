import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderPdf } from '../../../../lambdas/domain/export/render-pdf';
import { pdfFonts, pdfText, temporaryFolder, writeExport } from './export-files';
import { SAMPLE_WORDS, sampleManuscript } from './manuscript-fixture';

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

describe('renderPdf', () => {
  it.each(['manuscript', 'book'] as const)('gives every word in order (%s layout)', async (layout) => {
    const { body, extension, contentType } = await renderPdf(sampleManuscript(), layout);

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
});
