import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { renderDocx } from '../../../../lambdas/domain/export/render-docx';
import { SAMPLE_WORDS, sampleManuscript } from './manuscript-fixture';

interface DocxRun {
  text: string;
  properties: string;
}
interface DocxParagraph {
  properties: string;
  runs: DocxRun[];
  text: string;
}

/** The body's paragraphs with their properties and runs, read straight from the XML. */
async function readParagraphs(body: Uint8Array): Promise<{ xml: string; paragraphs: DocxParagraph[] }> {
  const zip = await JSZip.loadAsync(body);
  const xml = await zip.file('word/document.xml')!.async('string');
  const paragraphs = [...xml.matchAll(/<w:p>(.*?)<\/w:p>/g)].map(([, inner]) => {
    const properties = /<w:pPr>(.*?)<\/w:pPr>/.exec(inner!)?.[1] ?? '';
    const runs = [...inner!.matchAll(/<w:r>(.*?)<\/w:r>/g)].map(([, run]) => ({
      properties: /<w:rPr>(.*?)<\/w:rPr>/.exec(run!)?.[1] ?? '',
      // A line break separates words as a space would.
      text: [...run!.replaceAll('<w:br/>', '<w:t> </w:t>').matchAll(/<w:t(?: [^>]*)?>(.*?)<\/w:t>/g)]
        .map(([, text]) => text)
        .join(''),
    }));
    return { properties, runs, text: runs.map((run) => run.text).join('') };
  });
  return { xml, paragraphs };
}

const find = (paragraphs: DocxParagraph[], start: string) =>
  paragraphs.find((p) => p.text.startsWith(start))!;
const run = (paragraph: DocxParagraph, text: string) => paragraph.runs.find((r) => r.text === text)!;

describe('renderDocx', () => {
  it('holds every word of every paragraph in order', async () => {
    const { body, extension, contentType } = await renderDocx(sampleManuscript(), 'manuscript');

    const { paragraphs } = await readParagraphs(body);

    expect(extension).toBe('docx');
    expect(contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const bodyText = paragraphs
      .map((paragraph) => paragraph.text)
      .join(' ')
      .split(/\s+/)
      .filter((word) => word !== '');
    const start = bodyText.indexOf('Chapter');
    expect(bodyText.slice(start).filter((word) => word !== '#')).toEqual(SAMPLE_WORDS);
  });

  it('keeps each run’s bold, italic, underline and strikethrough and nothing more', async () => {
    const { paragraphs } = await readParagraphs((await renderDocx(sampleManuscript(), 'manuscript')).body);

    const first = find(paragraphs, 'The night');
    expect(run(first, 'very').properties).toContain('<w:b/>');
    expect(run(first, 'The night was cold and ').properties).toBe('');
    const second = find(paragraphs, 'She whispered');
    expect(run(second, 'softly').properties).toContain('<w:i/>');
    expect(run(second, 'Marrow').properties).toContain('<w:u w:val="single"/>');
    expect(run(second, 'crossed').properties).toContain('<w:strike/>');
    expect(run(second, 'crossed').properties).not.toContain('<w:b/>');
  });

  it('writes alignment, first-line indents and a centred scene break', async () => {
    const { paragraphs } = await readParagraphs((await renderDocx(sampleManuscript(), 'manuscript')).body);

    expect(find(paragraphs, 'The night').properties).toContain('<w:ind w:firstLine="720"/>');
    expect(find(paragraphs, 'The night').properties).toContain('<w:jc w:val="left"/>');
    expect(find(paragraphs, 'A centred').properties).toContain('<w:jc w:val="center"/>');
    expect(find(paragraphs, 'A centred').properties).not.toContain('w:firstLine="720"');
    expect(find(paragraphs, 'Right-hand').properties).toContain('<w:jc w:val="right"/>');
    expect(find(paragraphs, 'Everything').properties).toContain('<w:jc w:val="both"/>');
    expect(find(paragraphs, '#').properties).toContain('<w:jc w:val="center"/>');
  });

  it('sets a manuscript in Standard Manuscript Format: 1-inch margins, double spacing, SMF title page', async () => {
    const { xml, paragraphs } = await readParagraphs(
      (await renderDocx(sampleManuscript(), 'manuscript')).body,
    );

    expect(xml).toMatch(/<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"/);
    expect(find(paragraphs, 'The night').properties).toContain('w:line="480" w:lineRule="auto"');
    // Under 100 words the exact count stands; the name and the count share the line, split by a right tab.
    expect(paragraphs[0]!.text).toBe('Ada Quill34 words');
    expect(paragraphs[1]!.text).toBe('ada@example.com');
    const chapterTwo = find(paragraphs, 'Chapter Two');
    expect(chapterTwo.properties).toContain('<w:pStyle w:val="Heading1"/>');
    expect(chapterTwo.properties).toContain('<w:pageBreakBefore/>');
  });

  it('sets a book single-spaced and justified, indenting only tab-led paragraphs after the first', async () => {
    const { xml, paragraphs } = await readParagraphs((await renderDocx(sampleManuscript(), 'book')).body);

    expect(xml).toMatch(/<w:pgSz w:w="8640" w:h="12960"/);
    const opening = find(paragraphs, 'The night');
    expect(opening.properties).toContain('w:line="240" w:lineRule="auto"');
    expect(opening.properties).toContain('<w:jc w:val="both"/>');
    expect(opening.properties).toContain('<w:ind w:firstLine="0"/>');
    expect(find(paragraphs, 'She whispered').properties).toContain('<w:ind w:firstLine="360"/>');
    expect(find(paragraphs, 'Everything').properties).toContain('<w:ind w:firstLine="0"/>');
  });
});
