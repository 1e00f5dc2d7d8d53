import PDFDocument from 'pdfkit';
import { type FontFace, fontFace, serifFontPath, serifFonts } from './font-files';
import {
  type ExportLayout,
  type Manuscript,
  type RenderedExport,
  runningHeaderPrefix,
  wordCountLine,
} from './manuscript';
import { type PageLayout, firstLineIndent, pageLayout } from './page-layouts';
import { type ManuscriptBlock, type StyledRun, type TextBlock, chapterBlocks } from './paragraph-runs';

/**
 * A manuscript as a PDF (`pdfkit`), set in Tinos, which is embedded (subset) so the file prints the same on
 * any machine: pdfkit's built-in standard fonts are never used. Pages are kept in memory until the end so the
 * running header can carry each page's number once the text has been laid out.
 */

/** A tab inside a paragraph (not the leading one, which is an indent) shows as an em space's worth of gap. */
const INNER_TAB = '\u2003';

const FACES: readonly FontFace[] = ['regular', 'bold', 'italic', 'boldItalic'];

type Pdf = PDFKit.PDFDocument;

function textWidth(layout: PageLayout): number {
  return layout.pageWidth - layout.margin.left - layout.margin.right;
}

/** The gap pdfkit adds under each line so that baselines sit `layout.lineHeight` apart. */
function lineGap(pdf: Pdf, layout: PageLayout): number {
  pdf.font('regular').fontSize(layout.fontSize);
  return layout.lineHeight - pdf.currentLineHeight(true);
}

function writeTextBlock(pdf: Pdf, block: TextBlock, layout: PageLayout, gap: number, startsSection: boolean) {
  const runs = block.runs
    .map((run): StyledRun => ({ ...run, text: run.text.replaceAll('\t', INNER_TAB) }))
    .filter((run) => run.text !== '');
  const inset = block.indentLevel * layout.indentStep;
  pdf.x = layout.margin.left + inset;
  const paragraphOptions = {
    width: textWidth(layout) - inset,
    align: block.alignment ?? layout.defaultAlignment,
    indent: firstLineIndent(block, layout, startsSection),
    lineGap: gap,
    paragraphGap: 0,
  };
  runs.forEach((run, index) => {
    pdf.font(fontFace(run.bold, run.italic)).fontSize(layout.fontSize);
    pdf.text(run.text, {
      ...(index === 0 ? paragraphOptions : {}),
      underline: run.underline,
      strike: run.strikethrough,
      continued: index < runs.length - 1,
    });
  });
  pdf.x = layout.margin.left;
}

function writeBlocks(pdf: Pdf, blocks: readonly ManuscriptBlock[], layout: PageLayout, gap: number) {
  let startsSection = true;
  for (const block of blocks) {
    if (block.kind === 'text') {
      writeTextBlock(pdf, block, layout, gap, startsSection);
      startsSection = false;
      continue;
    }
    pdf.font('regular').fontSize(layout.fontSize);
    pdf.text(block.kind === 'scene-break' ? layout.sceneBreakMark : ' ', layout.margin.left, undefined, {
      width: textWidth(layout),
      align: 'center',
      lineGap: gap,
      underline: false,
      strike: false,
    });
    startsSection = true;
  }
}

function writeChapterTitle(pdf: Pdf, title: string, layout: PageLayout) {
  pdf.addPage();
  pdf.font('regular').fontSize(layout.chapterTitleSize);
  pdf.text(title, layout.margin.left, layout.margin.top + layout.chapterTitleDrop, {
    width: textWidth(layout),
    align: 'center',
    lineGap: 0,
    underline: false,
    strike: false,
  });
  pdf.y += layout.chapterTitleGap;
}

/** SMF's first page: name and contact top left, word count top right, the title centred halfway down. */
function writeManuscriptTitlePage(pdf: Pdf, manuscript: Manuscript, layout: PageLayout) {
  const width = textWidth(layout);
  const { left, top } = layout.margin;
  pdf.addPage();
  pdf.font('regular').fontSize(layout.fontSize);
  pdf.text(wordCountLine(manuscript.wordCount), left, top, { width, align: 'right', lineBreak: false });
  pdf.text(manuscript.authorName, left, top, { width, align: 'left' });
  pdf.text(manuscript.authorContact, left, undefined, { width, align: 'left' });
  pdf.text(manuscript.title, left, layout.pageHeight / 2 - layout.lineHeight, { width, align: 'center' });
  pdf.text(`by ${manuscript.authorName}`, left, layout.pageHeight / 2 + layout.lineHeight, {
    width,
    align: 'center',
  });
}

/** A book's title page: the title large, a third of the way down, the author under it. */
function writeBookTitlePage(pdf: Pdf, manuscript: Manuscript, layout: PageLayout) {
  const width = textWidth(layout);
  pdf.addPage();
  pdf.font('regular').fontSize(layout.chapterTitleSize + 6);
  pdf.text(manuscript.title, layout.margin.left, layout.pageHeight / 3, { width, align: 'center' });
  pdf.moveDown(1.5);
  pdf.fontSize(layout.fontSize + 2);
  pdf.text(manuscript.authorName, layout.margin.left, undefined, { width, align: 'center' });
}

/**
 * Page numbers once every page exists: the title page has none; a manuscript's pages carry "Surname / TITLE /
 * n" at the top right, a book's a centred number at the foot. Numbering starts at 1 on the first text page.
 */
function writePageNumbers(pdf: Pdf, manuscript: Manuscript, layout: PageLayout, isManuscript: boolean) {
  const { start, count } = pdf.bufferedPageRange();
  const prefix = runningHeaderPrefix(manuscript);
  for (let index = start + 1; index < start + count; index += 1) {
    pdf.switchToPage(index);
    const pageNumber = String(index - start);
    // The number sits in the margin: without this pdfkit would take it for overflow and start a new page.
    const { bottom } = pdf.page.margins;
    pdf.page.margins.bottom = 0;
    pdf.font('regular').fontSize(layout.fontSize);
    if (isManuscript) {
      pdf.text(`${prefix}${pageNumber}`, layout.margin.left, layout.headerOffset, {
        width: textWidth(layout),
        align: 'right',
        lineBreak: false,
      });
    } else {
      pdf.text(pageNumber, layout.margin.left, layout.pageHeight - layout.headerOffset - layout.fontSize, {
        width: textWidth(layout),
        align: 'center',
        lineBreak: false,
      });
    }
    pdf.page.margins.bottom = bottom;
  }
}

export async function renderPdf(manuscript: Manuscript, exportLayout: ExportLayout): Promise<RenderedExport> {
  const layout = pageLayout(exportLayout);
  const pdf = new PDFDocument({
    size: [layout.pageWidth, layout.pageHeight],
    margins: layout.margin,
    autoFirstPage: false,
    bufferPages: true,
    // Replaces pdfkit's default Helvetica, which would otherwise be loaded from its standard-font data.
    font: serifFontPath('regular'),
    info: { Title: manuscript.title, Author: manuscript.authorName, Creator: 'Loreweaver' },
    displayTitle: true,
    lang: 'en',
  });
  const fonts = serifFonts();
  for (const face of FACES) pdf.registerFont(face, fonts[face]);

  const chunks: Buffer[] = [];
  const finished = new Promise<void>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });

  const isManuscript = exportLayout === 'manuscript';
  if (isManuscript) writeManuscriptTitlePage(pdf, manuscript, layout);
  else writeBookTitlePage(pdf, manuscript, layout);
  const gap = lineGap(pdf, layout);
  for (const chapter of manuscript.chapters) {
    writeChapterTitle(pdf, chapter.title, layout);
    writeBlocks(pdf, chapterBlocks(chapter.paragraphs), layout, gap);
  }
  writePageNumbers(pdf, manuscript, layout, isManuscript);
  pdf.end();
  await finished;

  const body = Buffer.concat(chunks);
  return {
    body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
    contentType: 'application/pdf',
    extension: 'pdf',
  };
}
