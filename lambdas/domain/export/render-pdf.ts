import PDFDocument from 'pdfkit';
import { fontMetrics, serifFontPath } from './font-files';
import {
  type ExportLayout,
  type Manuscript,
  type RenderedExport,
  runningHeaderPrefix,
  wordCountLine,
} from './manuscript';
import { type PageLayout, firstLineIndent, pageLayout } from './page-layouts';
import { type Line, type LineMetrics, breakLines, linesOnPage } from './pdf-lines';
import { INNER_TAB, type TextFonts, drawLine, lineMetrics, pdfBytes } from './pdf-text';
import { type ManuscriptBlock, type StyledRun, type TextBlock, chapterBlocks } from './paragraph-runs';
import { renderPrintBook } from './render-print-book';

/**
 * A manuscript (Standard Manuscript Format) as a PDF (`pdfkit`), set in Tinos, which is embedded (subset) so
 * the file prints the same on any machine: pdfkit's built-in standard fonts are never used. The book layout is
 * the print book's (`render-print-book.ts`).
 */

type Pdf = PDFKit.PDFDocument;

function textWidth(layout: PageLayout): number {
  return layout.pageWidth - layout.margin.left - layout.margin.right;
}

/** Draws a line at the current y and moves down a line. */
/** The manuscript is set in Tinos at the layout's size. */
const manuscriptFonts = (layout: PageLayout): TextFonts => ({ path: serifFontPath, size: layout.fontSize });

function writeLine(pdf: Pdf, line: Line, left: number, layout: PageLayout) {
  const fonts = manuscriptFonts(layout);
  drawLine(pdf, line, left, pdf.y + fontMetrics(serifFontPath('regular')).ascent * fonts.size, fonts);
  pdf.y += layout.lineHeight;
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
    [firstLineIndent(block, layout, startsSection)],
    metrics,
  );
  let placed = 0;
  let freshPage = false;
  while (placed < lines.length) {
    const count = linesOnPage(lines.length - placed, placed, linesLeftOnPage(pdf, layout), freshPage);
    for (const line of lines.slice(placed, placed + count)) {
      writeLine(pdf, line, layout.margin.left + inset, layout);
    }
    placed += count;
    if (placed < lines.length) pdf.addPage();
    freshPage = true;
  }
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

/**
 * Numbers every page as it is added ("Surname / TITLE / n" at the top right; the title page has none and
 * numbering starts at 1 on the first text page). A number needs no later page, so each page is written out as
 * the next begins rather than all kept until the end: a novel's PDF renders in the memory of one page.
 */
function numberPagesAsAdded(pdf: Pdf, manuscript: Manuscript, layout: PageLayout) {
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
    pdf.text(`${prefix}${pageNumber}`, layout.margin.left, layout.headerOffset, {
      width: textWidth(layout),
      align: 'right',
      lineBreak: false,
    });
    pdf.page.margins.bottom = bottom;
    pdf.x = x;
    pdf.y = y;
  });
}

/** The manuscript layout's PDF (SMF); the book layout's is the print book. */
export async function renderPdf(manuscript: Manuscript, exportLayout: ExportLayout): Promise<RenderedExport> {
  if (exportLayout === 'book') return renderPrintBook(manuscript);
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
  const body = await pdfBytes(pdf, () => {
    numberPagesAsAdded(pdf, manuscript, layout);
    writeManuscriptTitlePage(pdf, manuscript, layout);
    const metrics = lineMetrics(pdf, manuscriptFonts(layout));
    for (const chapter of manuscript.chapters) {
      writeChapterTitle(pdf, chapter.title, layout);
      writeBlocks(pdf, chapterBlocks(chapter.paragraphs), layout, metrics);
    }
  });
  return { body, contentType: 'application/pdf', extension: 'pdf' };
}
