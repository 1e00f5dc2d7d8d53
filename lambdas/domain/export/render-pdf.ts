import PDFDocument from 'pdfkit';
import { type FontFace, fontFace, serifFontPath } from './font-files';
import {
  type ExportLayout,
  type Manuscript,
  type RenderedExport,
  runningHeaderPrefix,
  wordCountLine,
} from './manuscript';
import { type PageLayout, firstLineIndent, pageLayout } from './page-layouts';
import { type Line, type LineMetrics, breakLines } from './pdf-lines';
import { type ManuscriptBlock, type StyledRun, type TextBlock, chapterBlocks } from './paragraph-runs';

/**
 * Faces are selected by their file path, the key pdfkit caches an opened font under: an alias registered with
 * `registerFont` for a font already open under another key makes pdfkit parse the font file again at every
 * switch, which made a novel take seconds longer.
 *
 * A manuscript as a PDF (`pdfkit`), set in Tinos, which is embedded (subset) so the file prints the same on
 * any machine: pdfkit's built-in standard fonts are never used.
 */

/** A tab inside a paragraph (not the leading one, which is an indent) shows as an em space's worth of gap. */
const INNER_TAB = '\u2003';

const FACES: readonly FontFace[] = ['regular', 'bold', 'italic', 'boldItalic'];

type Pdf = PDFKit.PDFDocument;

function textWidth(layout: PageLayout): number {
  return layout.pageWidth - layout.margin.left - layout.margin.right;
}

/** Widths measured once per face and string: a novel repeats its words, and measuring is pdfkit's dearest step. */
function lineMetrics(pdf: Pdf, layout: PageLayout): LineMetrics {
  const widths = new Map<FontFace, Map<string, number>>(FACES.map((face) => [face, new Map()]));
  const measure = (run: StyledRun, text: string) => {
    const face = fontFace(run.bold, run.italic);
    const known = widths.get(face)!;
    let width = known.get(text);
    if (width === undefined) {
      width = pdf.font(serifFontPath(face)).fontSize(layout.fontSize).widthOfString(text);
      known.set(text, width);
    }
    return width;
  };
  const plain: StyledRun = { text: ' ', bold: false, italic: false, underline: false, strikethrough: false };
  return { measure, spaceWidth: measure(plain, ' ') };
}

const sameStyle = (a: StyledRun, b: StyledRun) =>
  a.bold === b.bold &&
  a.italic === b.italic &&
  a.underline === b.underline &&
  a.strikethrough === b.strikethrough;

/** Draws a line at the current y: neighbouring words of one style in one call, their spaces stretched alike. */
function drawLine(pdf: Pdf, line: Line, left: number, layout: PageLayout) {
  const y = pdf.y;
  let index = 0;
  while (index < line.placed.length) {
    const first = line.placed[index]!;
    let text = first.piece.text;
    let end = index + 1;
    while (
      end < line.placed.length &&
      line.placed[end]!.startsWord &&
      sameStyle(line.placed[end]!.piece.run, first.piece.run)
    ) {
      text += ` ${line.placed[end]!.piece.text}`;
      end += 1;
    }
    const { run } = first.piece;
    pdf.font(serifFontPath(fontFace(run.bold, run.italic))).fontSize(layout.fontSize);
    pdf.text(text, left + first.x, y, {
      lineBreak: false,
      wordSpacing: line.extraSpace,
      underline: run.underline,
      strike: run.strikethrough,
    });
    index = end;
  }
  pdf.y = y + layout.lineHeight;
}

/** How many more lines fit on the current page. */
function linesLeftOnPage(pdf: Pdf, layout: PageLayout): number {
  return Math.floor((layout.pageHeight - layout.margin.bottom - pdf.y) / layout.lineHeight + 1e-6);
}

/**
 * A paragraph's lines, page by page, keeping widows and orphans away: a paragraph never leaves its first line
 * alone at the foot of a page nor its last line alone at the head of the next.
 */
function writeTextBlock(
  pdf: Pdf,
  block: TextBlock,
  layout: PageLayout,
  metrics: LineMetrics,
  startsSection: boolean,
) {
  const inset = block.indentLevel * layout.indentStep;
  const runs = block.runs.map((run): StyledRun => ({ ...run, text: run.text.replaceAll('\t', INNER_TAB) }));
  const alignment = block.alignment ?? layout.defaultAlignment;
  const lines = breakLines(
    runs,
    alignment,
    textWidth(layout) - inset,
    firstLineIndent(block, layout, startsSection),
    metrics,
  );
  let fit = linesLeftOnPage(pdf, layout);
  if (fit < 1 || (lines.length >= 2 && fit === 1)) fit = 0;
  else if (lines.length >= 3 && fit === lines.length - 1) fit -= 1;
  lines.forEach((line, index) => {
    if (index === fit || (index > fit && linesLeftOnPage(pdf, layout) < 1)) pdf.addPage();
    drawLine(pdf, line, layout.margin.left + inset, layout);
  });
}

function writeBlocks(pdf: Pdf, blocks: readonly ManuscriptBlock[], layout: PageLayout, metrics: LineMetrics) {
  let startsSection = true;
  for (const block of blocks) {
    if (block.kind === 'text') {
      writeTextBlock(pdf, block, layout, metrics, startsSection);
      startsSection = false;
      continue;
    }
    if (linesLeftOnPage(pdf, layout) < 1) pdf.addPage();
    const y = pdf.y;
    if (block.kind === 'scene-break') {
      pdf.font(serifFontPath('regular')).fontSize(layout.fontSize);
      pdf.text(layout.sceneBreakMark, layout.margin.left, y, {
        width: textWidth(layout),
        align: 'center',
        lineBreak: false,
        underline: false,
        strike: false,
      });
    }
    // A blank line or a scene break takes one line, whatever pdfkit moved the cursor by.
    pdf.y = y + layout.lineHeight;
    startsSection = true;
  }
}

function writeChapterTitle(pdf: Pdf, title: string, layout: PageLayout) {
  pdf.addPage();
  pdf.font(serifFontPath('regular')).fontSize(layout.chapterTitleSize);
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
  pdf.font(serifFontPath('regular')).fontSize(layout.fontSize);
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
  pdf.font(serifFontPath('regular')).fontSize(layout.chapterTitleSize + 6);
  pdf.text(manuscript.title, layout.margin.left, layout.pageHeight / 3, { width, align: 'center' });
  pdf.moveDown(1.5);
  pdf.fontSize(layout.fontSize + 2);
  pdf.text(manuscript.authorName, layout.margin.left, undefined, { width, align: 'center' });
}

/**
 * Numbers every page as it is added (the title page has none; a manuscript's pages carry "Surname / TITLE / n"
 * at the top right, a book's a centred number at the foot; numbering starts at 1 on the first text page). A
 * number needs no later page, so each page is written out as the next begins rather than all kept until the
 * end: a novel's PDF renders in the memory of one page.
 */
function numberPagesAsAdded(pdf: Pdf, manuscript: Manuscript, layout: PageLayout, isManuscript: boolean) {
  const prefix = runningHeaderPrefix(manuscript);
  let pagesAdded = 0;
  pdf.on('pageAdded', () => {
    const pageNumber = String(pagesAdded);
    pagesAdded += 1;
    if (pageNumber === '0') return;
    const { x, y } = pdf;
    // The number sits in the margin: without this pdfkit would take it for overflow and start a new page.
    const { bottom } = pdf.page.margins;
    pdf.page.margins.bottom = 0;
    pdf.font(serifFontPath('regular')).fontSize(layout.fontSize);
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
    pdf.x = x;
    pdf.y = y;
  });
}

export async function renderPdf(manuscript: Manuscript, exportLayout: ExportLayout): Promise<RenderedExport> {
  const layout = pageLayout(exportLayout);
  const pdf = new PDFDocument({
    size: [layout.pageWidth, layout.pageHeight],
    margins: layout.margin,
    autoFirstPage: false,
    // Replaces pdfkit's default Helvetica, which would otherwise be loaded from its standard-font data.
    font: serifFontPath('regular'),
    info: { Title: manuscript.title, Author: manuscript.authorName, Creator: 'Loreweaver' },
    displayTitle: true,
    lang: 'en',
  });

  const chunks: Buffer[] = [];
  const finished = new Promise<void>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });

  const isManuscript = exportLayout === 'manuscript';
  numberPagesAsAdded(pdf, manuscript, layout, isManuscript);
  if (isManuscript) writeManuscriptTitlePage(pdf, manuscript, layout);
  else writeBookTitlePage(pdf, manuscript, layout);
  const metrics = lineMetrics(pdf, layout);
  for (const chapter of manuscript.chapters) {
    writeChapterTitle(pdf, chapter.title, layout);
    writeBlocks(pdf, chapterBlocks(chapter.paragraphs), layout, metrics);
  }
  pdf.end();
  await finished;

  const body = Buffer.concat(chunks);
  return {
    body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
    contentType: 'application/pdf',
    extension: 'pdf',
  };
}
