import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  type ParagraphChild,
  Tab,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import { describe, expect, it } from 'vitest';
import { parseManuscript } from '../../../../lambdas/domain/import/parse-manuscript';
import { ChapterTitleSchema } from '../../../../shared/schemas/chapter';
import { expectStorable, paragraphTexts, summariseParagraph } from '../../../helpers/imported-manuscripts';

const BOLD = 1;
const ITALIC = 2;
const STRIKETHROUGH = 4;
const UNDERLINE = 8;

type DocxBlock = Paragraph | Table;

async function docxFile(children: DocxBlock[], styles?: ConstructorParameters<typeof Document>[0]['styles']) {
  const document = new Document({ ...(styles ? { styles } : {}), sections: [{ children }] });
  return new Uint8Array(await Packer.toBuffer(document));
}

const heading1 = (text: string) => new Paragraph({ text, heading: HeadingLevel.HEADING_1 });
const heading2 = (text: string) => new Paragraph({ text, heading: HeadingLevel.HEADING_2 });
const plain = (text: string) => new Paragraph({ text });
const paragraphOf = (...children: ParagraphChild[]) => new Paragraph({ children });

describe('parseManuscript with a Word document', () => {
  it('starts a chapter at every Heading 1 and Heading 2, titled by the heading', async () => {
    const file = await docxFile([
      heading1('Part One'),
      heading2('Chapter One: The Road'),
      plain('It began on the road.'),
      heading2('Chapter Two'),
      plain('It ended at the sea.'),
      new Paragraph({ text: 'A smaller heading', heading: HeadingLevel.HEADING_3 }),
      plain('More sea.'),
    ]);

    const manuscript = await parseManuscript(file, 'novel.docx');

    expect(manuscript.chapters.map((chapter) => chapter.title)).toEqual([
      'Part One',
      'Chapter One: The Road',
      'Chapter Two',
    ]);
    expect(paragraphTexts(manuscript.chapters[1]!.paragraphs)).toEqual(['It began on the road.']);
    expect(paragraphTexts(manuscript.chapters[2]!.paragraphs)).toEqual([
      'It ended at the sea.',
      'A smaller heading',
      'More sea.',
    ]);
    expectStorable(manuscript);
  });

  it('ignores an empty heading, and keeps a long title within the chapter title limit', async () => {
    const longTitle = `Chapter 1: ${'\u{1F30A}'.repeat(200)}`;
    const file = await docxFile([heading1('Chapter 1'), plain('Text.'), heading1('  '), heading1(longTitle)]);

    const manuscript = await parseManuscript(file, 'novel.docx');

    const titles = manuscript.chapters.map((chapter) => chapter.title);
    expect(titles).toHaveLength(2);
    expect(ChapterTitleSchema.safeParse(titles[1]).success).toBe(true);
    expect(titles[1]).toBe(`Chapter 1: ${'\u{1F30A}'.repeat(122)}`);
  });

  it('gives a chapter that is only a heading one empty paragraph, as a new chapter has', async () => {
    const file = await docxFile([heading1('Part One'), heading2('Chapter 1'), plain('Text.')]);

    const [partOne] = (await parseManuscript(file, 'novel.docx')).chapters;

    expect(partOne!.paragraphs).toHaveLength(1);
    expect(partOne!.paragraphs[0]!.children).toEqual([]);
  });

  it('keeps bold, italic, underline and strikethrough as the editor format bits', async () => {
    const file = await docxFile([
      heading1('Chapter 1'),
      paragraphOf(
        new TextRun({ text: 'Bold', bold: true }),
        new TextRun({ text: ' and ' }),
        new TextRun({ text: 'italic', italics: true }),
        new TextRun({ text: ', ' }),
        new TextRun({ text: 'underlined', underline: {} }),
        new TextRun({ text: ', ' }),
        new TextRun({ text: 'struck', strike: true }),
        new TextRun({ text: ' and all', bold: true, italics: true, underline: {}, strike: true }),
      ),
    ]);

    const [chapter] = (await parseManuscript(file, 'novel.docx')).chapters;

    expect(summariseParagraph(chapter!.paragraphs[0]!).runs).toEqual([
      ['Bold', BOLD],
      [' and ', 0],
      ['italic', ITALIC],
      [', ', 0],
      ['underlined', UNDERLINE],
      [', ', 0],
      ['struck', STRIKETHROUGH],
      [' and all', BOLD | ITALIC | UNDERLINE | STRIKETHROUGH],
    ]);
  });

  it("reads Word's Emphasis and Strong character styles as italic and bold", async () => {
    const file = await docxFile(
      [
        paragraphOf(
          new TextRun({ text: 'Emphasised', style: 'Emphasis' }),
          new TextRun(' and '),
          new TextRun({ text: 'strong', style: 'Strong' }),
        ),
      ],
      {
        characterStyles: [
          { id: 'Emphasis', name: 'Emphasis', run: { italics: true } },
          { id: 'Strong', name: 'Strong', run: { bold: true } },
        ],
      },
    );

    const [chapter] = (await parseManuscript(file, 'novel.docx')).chapters;

    expect(summariseParagraph(chapter!.paragraphs[0]!).runs).toEqual([
      ['Emphasised', ITALIC],
      [' and ', 0],
      ['strong', BOLD],
    ]);
  });

  it('keeps centred, right-aligned and justified paragraphs, and left as the default', async () => {
    const file = await docxFile([
      heading1('Chapter 1'),
      new Paragraph({ text: 'Centred', alignment: AlignmentType.CENTER }),
      new Paragraph({ text: 'Right', alignment: AlignmentType.RIGHT }),
      new Paragraph({ text: 'Justified', alignment: AlignmentType.JUSTIFIED }),
      new Paragraph({ text: 'Left', alignment: AlignmentType.LEFT }),
    ]);

    const [chapter] = (await parseManuscript(file, 'novel.docx')).chapters;

    expect(chapter!.paragraphs.map((paragraph) => paragraph.format)).toEqual([
      'center',
      'right',
      'justify',
      '',
    ]);
  });

  it("drops the source's first-line indents and leading tabs (indents follow the story's autotab rule)", async () => {
    const file = await docxFile([
      heading1('Chapter 1'),
      new Paragraph({ text: 'Indented.', indent: { firstLine: 720 } }),
      paragraphOf(new TextRun({ children: [new Tab(), 'Tabbed.'] })),
      paragraphOf(new TextRun({ children: [new Tab(), 'Both.'] })),
      new Paragraph({ text: 'Flush.' }),
    ]);
    const tabbedAndIndented = await docxFile([
      new Paragraph({
        indent: { firstLine: 720 },
        children: [new TextRun({ children: [new Tab(), 'Both.'] })],
      }),
    ]);

    const [chapter] = (await parseManuscript(file, 'novel.docx')).chapters;
    const [onlyChapter] = (await parseManuscript(tabbedAndIndented, 'novel.docx')).chapters;

    expect(paragraphTexts(chapter!.paragraphs)).toEqual(['Indented.', 'Tabbed.', 'Both.', 'Flush.']);
    expect(paragraphTexts(onlyChapter!.paragraphs)).toEqual(['Both.']);
  });

  it("reads the alignment a paragraph's style gives it, through the styles it is based on", async () => {
    const file = await docxFile(
      [
        heading1('Chapter 1'),
        new Paragraph({ text: 'Body text.', style: 'ManuscriptBody' }),
        new Paragraph({ text: 'Centred body text.', style: 'ManuscriptCentred' }),
        new Paragraph({ text: 'Overridden.', style: 'ManuscriptCentred', alignment: AlignmentType.RIGHT }),
      ],
      {
        paragraphStyles: [
          {
            id: 'ManuscriptBody',
            name: 'Manuscript Body',
            paragraph: { indent: { firstLine: 720 }, alignment: AlignmentType.JUSTIFIED },
          },
          {
            id: 'ManuscriptCentred',
            name: 'Manuscript Centred',
            basedOn: 'ManuscriptBody',
            paragraph: { alignment: AlignmentType.CENTER },
          },
        ],
      },
    );

    const [chapter] = (await parseManuscript(file, 'novel.docx')).chapters;

    expect(chapter!.paragraphs.map(summariseParagraph)).toEqual([
      {
        alignment: 'justify',
        runs: [['Body text.', 0]],
      },
      {
        alignment: 'center',
        runs: [['Centred body text.', 0]],
      },
      {
        alignment: 'right',
        runs: [['Overridden.', 0]],
      },
    ]);
  });

  it('makes a paragraph of each line of a paragraph with line breaks, keeping its alignment', async () => {
    const file = await docxFile([
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [new TextRun('First line'), new TextRun({ text: 'Second line', break: 1 })],
      }),
    ]);

    const [chapter] = (await parseManuscript(file, 'poem.docx')).chapters;

    expect(chapter!.paragraphs.map(summariseParagraph)).toEqual([
      { alignment: 'center', runs: [['First line', 0]] },
      { alignment: 'center', runs: [['Second line', 0]] },
    ]);
  });

  it('keeps scene breaks as written and applies the editor text rules to other text', async () => {
    const file = await docxFile([
      plain('\u201CWait\u201D -- she said, \u2018now\u2019.'),
      new Paragraph({ text: '* * *', alignment: AlignmentType.CENTER }),
      plain('#'),
      plain('---'),
      plain('After the break.'),
    ]);

    const [chapter] = (await parseManuscript(file, 'story.docx')).chapters;

    expect(paragraphTexts(chapter!.paragraphs)).toEqual([
      '"Wait" \u2014 she said, \'now\'.',
      '* * *',
      '#',
      '---',
      'After the break.',
    ]);
    expect(chapter!.paragraphs[1]!.format).toBe('center');
  });

  it('makes one chapter titled from the file name of a document without headings', async () => {
    const file = await docxFile([plain(''), plain('Only text.'), plain(''), plain('More text.'), plain('')]);

    const manuscript = await parseManuscript(file, 'uploads/The_Long Road.docx');

    expect(manuscript.chapters).toHaveLength(1);
    expect(manuscript.chapters[0]!.title).toBe('The Long Road');
    expect(paragraphTexts(manuscript.chapters[0]!.paragraphs)).toEqual(['Only text.', '', 'More text.']);
    expectStorable(manuscript);
  });

  it('makes a chapter of the text before the first heading', async () => {
    const file = await docxFile([plain('A dedication.'), heading1('Chapter 1'), plain('Text.')]);

    const manuscript = await parseManuscript(file, 'Novel.docx');

    expect(manuscript.chapters.map((chapter) => chapter.title)).toEqual(['Novel', 'Chapter 1']);
  });

  it("reads a table's paragraphs in order", async () => {
    const file = await docxFile([
      new Table({
        rows: [new TableRow({ children: [new TableCell({ children: [plain('In a cell.')] })] })],
      }),
      plain('After the table.'),
    ]);

    const [chapter] = (await parseManuscript(file, 'novel.docx')).chapters;

    expect(paragraphTexts(chapter!.paragraphs)).toEqual(['In a cell.', 'After the table.']);
  });

  it('gives every paragraph a fresh key_id on every import', async () => {
    const file = await docxFile([plain('One.'), plain('Two.')]);

    const first = await parseManuscript(file, 'novel.docx');
    const second = await parseManuscript(file, 'novel.docx');

    const keyIds = [first, second].flatMap((manuscript) =>
      manuscript.chapters[0]!.paragraphs.map((paragraph) => paragraph.key_id),
    );
    expect(new Set(keyIds).size).toBe(4);
  });
});
