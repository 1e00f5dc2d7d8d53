import {
  AlignmentType,
  Document,
  Footer,
  Header,
  HeadingLevel,
  LineRuleType,
  Packer,
  PageNumber,
  Paragraph,
  type ISectionOptions,
  SectionType,
  Tab,
  TabStopType,
  TextRun,
} from 'docx';
import {
  type ExportLayout,
  type Manuscript,
  type RenderedExport,
  runningHeaderPrefix,
  wordCountLine,
} from './manuscript';
import { type PageLayout, firstLineIndent, pageLayout, twips } from './page-layouts';
import { type Alignment, type StyledRun, type TextBlock, chapterBlocks } from './paragraph-runs';

/**
 * A manuscript as a Word document (`docx`). Every measurement is written on the paragraph itself rather than
 * left to a style, so the file looks the same in Word, LibreOffice and Google Docs whatever their defaults.
 * The font is named Times New Roman: every word processor has it or a metric-compatible stand-in (Tinos,
 * Liberation Serif), so the pages break where the PDF's do.
 */

const FONT = 'Times New Roman';
/** Word's unit for line spacing with the `auto` rule: 240 is single spacing. */
const SINGLE_LINE = 240;

const DOCX_ALIGNMENT: Record<Alignment, (typeof AlignmentType)[keyof typeof AlignmentType]> = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
  justify: AlignmentType.JUSTIFIED,
};

/** The run's text as Word content: line breaks as breaks, tabs as tabs. */
function textRuns(run: StyledRun): TextRun[] {
  // Only the styles a run has are written: a plain run stays a bare <w:r>, which keeps a novel's XML small.
  const formatting = {
    ...(run.bold ? { bold: true } : {}),
    ...(run.italic ? { italics: true } : {}),
    ...(run.underline ? { underline: {} } : {}),
    ...(run.strikethrough ? { strike: true } : {}),
  };
  return run.text.split('\n').map(
    (line, index) =>
      new TextRun({
        ...formatting,
        ...(index > 0 ? { break: 1 } : {}),
        children: line
          .split('\t')
          .flatMap((part, partIndex) => (partIndex === 0 ? [part] : [new Tab(), part])),
      }),
  );
}

function bodySpacing(layout: PageLayout) {
  return { line: SINGLE_LINE * layout.lineSpacing, lineRule: LineRuleType.AUTO, before: 0, after: 0 };
}

function textParagraph(block: TextBlock, layout: PageLayout, startsSection: boolean): Paragraph {
  return new Paragraph({
    alignment: DOCX_ALIGNMENT[block.alignment ?? layout.defaultAlignment],
    spacing: bodySpacing(layout),
    indent: {
      firstLine: twips(firstLineIndent(block, layout, startsSection)),
      ...(block.indentLevel > 0 ? { left: twips(block.indentLevel * layout.indentStep) } : {}),
    },
    children: block.runs.flatMap(textRuns),
  });
}

function chapterParagraphs(manuscript: Manuscript, layout: PageLayout): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  manuscript.chapters.forEach((chapter, chapterIndex) => {
    paragraphs.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_1,
        // The body section already starts on a new page.
        pageBreakBefore: chapterIndex > 0,
        children: [new TextRun(chapter.title)],
      }),
    );
    let startsSection = true;
    for (const block of chapterBlocks(chapter.paragraphs)) {
      if (block.kind === 'text') {
        paragraphs.push(textParagraph(block, layout, startsSection));
        startsSection = false;
      } else {
        paragraphs.push(
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: bodySpacing(layout),
            children: block.kind === 'scene-break' ? [new TextRun(layout.sceneBreakMark)] : [],
          }),
        );
        startsSection = true;
      }
    }
  });
  return paragraphs;
}

/** SMF's first page: name and contact top left, word count top right, the title centred halfway down. */
function manuscriptTitlePage(manuscript: Manuscript, layout: PageLayout): Paragraph[] {
  const textWidth = layout.pageWidth - layout.margin.left - layout.margin.right;
  const single = { line: SINGLE_LINE, lineRule: LineRuleType.AUTO, before: 0, after: 0 };
  return [
    new Paragraph({
      spacing: single,
      tabStops: [{ type: TabStopType.RIGHT, position: twips(textWidth) }],
      children: [
        new TextRun(manuscript.authorName),
        new TextRun({ children: [new Tab(), wordCountLine(manuscript.wordCount)] }),
      ],
    }),
    new Paragraph({ spacing: single, children: [new TextRun(manuscript.authorContact)] }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: {
        ...bodySpacing(layout),
        before: twips(layout.pageHeight / 2 - layout.margin.top - 3 * layout.lineHeight),
      },
      children: [new TextRun(manuscript.title)],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: bodySpacing(layout),
      children: [new TextRun(`by ${manuscript.authorName}`)],
    }),
  ];
}

/** A book's title page: the title large, a third of the way down, the author under it. */
function bookTitlePage(manuscript: Manuscript, layout: PageLayout): Paragraph[] {
  return [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: {
        before: twips(layout.pageHeight / 3 - layout.margin.top),
        after: twips(layout.lineHeight * 2),
      },
      children: [new TextRun({ text: manuscript.title, size: layout.chapterTitleSize * 2 + 12 })],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      children: [new TextRun({ text: manuscript.authorName, size: layout.fontSize * 2 + 4 })],
    }),
  ];
}

function sectionPage(layout: PageLayout) {
  return {
    size: { width: twips(layout.pageWidth), height: twips(layout.pageHeight) },
    margin: {
      top: twips(layout.margin.top),
      right: twips(layout.margin.right),
      bottom: twips(layout.margin.bottom),
      left: twips(layout.margin.left),
      header: twips(layout.headerOffset),
      footer: twips(layout.headerOffset),
    },
  };
}

export async function renderDocx(
  manuscript: Manuscript,
  exportLayout: ExportLayout,
): Promise<RenderedExport> {
  const layout = pageLayout(exportLayout);
  const isManuscript = exportLayout === 'manuscript';
  const titleSection: ISectionOptions = {
    properties: { page: sectionPage(layout) },
    children: isManuscript ? manuscriptTitlePage(manuscript, layout) : bookTitlePage(manuscript, layout),
  };
  const pageNumber = new TextRun({ children: [PageNumber.CURRENT] });
  const bodySection: ISectionOptions = {
    properties: {
      type: SectionType.NEXT_PAGE,
      page: { ...sectionPage(layout), pageNumbers: { start: 1 } },
    },
    ...(isManuscript
      ? {
          headers: {
            default: new Header({
              children: [
                new Paragraph({
                  alignment: AlignmentType.RIGHT,
                  children: [new TextRun(runningHeaderPrefix(manuscript)), pageNumber],
                }),
              ],
            }),
          },
        }
      : {
          footers: {
            default: new Footer({
              children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [pageNumber] })],
            }),
          },
        }),
    children: chapterParagraphs(manuscript, layout),
  };

  const document = new Document({
    title: manuscript.title,
    creator: manuscript.authorName,
    styles: {
      default: {
        document: {
          run: { font: FONT, size: layout.fontSize * 2 },
          paragraph: { spacing: { before: 0, after: 0, line: SINGLE_LINE, lineRule: LineRuleType.AUTO } },
        },
        heading1: {
          run: {
            font: FONT,
            size: layout.chapterTitleSize * 2,
            bold: false,
            italics: false,
            color: '000000',
          },
          paragraph: {
            alignment: AlignmentType.CENTER,
            keepNext: true,
            spacing: {
              before: twips(layout.chapterTitleDrop),
              after: twips(layout.chapterTitleGap),
              line: SINGLE_LINE * layout.lineSpacing,
              lineRule: LineRuleType.AUTO,
            },
          },
        },
      },
    },
    sections: [titleSection, bodySection],
  });
  const body = await Packer.toBuffer(document);
  return {
    body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  };
}
