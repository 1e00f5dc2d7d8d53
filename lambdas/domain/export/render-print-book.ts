import PDFDocument from 'pdfkit';
import { ORNAMENT_FONT, PRINT_MARGINS } from './book-design';
import { shippedFontPath } from './font-files';
import type { Manuscript, RenderedExport } from './manuscript';
import { drawLine, pdfBytes } from './pdf-text';
import { type PrintBook, type PrintPage, type TextItem, setPrintBook } from './print-book-layout';

/**
 * Issue 27 §2: the book layout's PDF, a print book for KDP or IngramSpark: the trim's page, mirrored margins
 * with the gutter inside, running heads (the author on left-hand pages, the title on right-hand ones) with the
 * folio at the outside edge, none on openers, matter or blank pages; fonts embedded as subsets.
 */

type Pdf = PDFKit.PDFDocument;

export interface PrintBookOptions {
  /** The year the copyright line states when the author set none (the file's year otherwise). */
  year?: number;
  /** Only the first pages are drawn (the preview); the book is still set whole, so their numbers are right. */
  pageLimit?: number;
}

function drawText(pdf: Pdf, item: TextItem, left: number) {
  pdf.font(item.fontPath).fontSize(item.size);
  pdf.text(item.text, left + item.x, item.baseline, {
    width: item.width,
    align: item.align,
    lineBreak: false,
    baseline: 'alphabetic',
    characterSpacing: item.characterSpacing,
  });
}

/** The running head and the folio of a text page. */
function drawHeads(pdf: Pdf, book: PrintBook, pageNumber: number, left: number) {
  const { style } = book;
  const recto = pageNumber % 2 === 1;
  const capitals = style.runningHead === 'capitals';
  const head = recto ? book.runningHeads.recto : book.runningHeads.verso;
  const size = style.bodySize * (capitals ? 0.78 : 0.9);
  const baseline = PRINT_MARGINS.runningHead + size;
  const headPath = shippedFontPath(capitals ? style.body.regular : style.body.italic);
  const common = { kind: 'text' as const, baseline, width: book.textWidth, x: 0 };
  drawText(
    pdf,
    {
      ...common,
      text: capitals ? head.toLocaleUpperCase() : head,
      fontPath: headPath,
      size,
      align: 'center',
      characterSpacing: capitals ? 1.2 : 0,
    },
    left,
  );
  drawText(
    pdf,
    {
      ...common,
      text: String(pageNumber),
      fontPath: shippedFontPath(style.body.regular),
      size: style.bodySize * 0.9,
      align: recto ? 'right' : 'left',
      characterSpacing: 0,
    },
    left,
  );
}

function drawPage(pdf: Pdf, book: PrintBook, page: PrintPage, pageNumber: number) {
  pdf.addPage({ size: [book.pageWidth, book.pageHeight], margins: { top: 0, bottom: 0, left: 0, right: 0 } });
  // Odd pages are right-hand pages: their inside edge, and so the gutter, is on the left.
  const left = pageNumber % 2 === 1 ? book.insideMargin : book.outsideMargin;
  for (const item of page.items) {
    if (item.kind === 'line') drawLine(pdf, item.line, left + item.x, item.baseline, item.fonts);
    else drawText(pdf, item, left);
  }
  if (page.kind === 'text') drawHeads(pdf, book, pageNumber, left);
}

/** The story as a print-ready PDF, and the book as set (for the preview and the tests). */
export async function renderPrintBook(
  manuscript: Manuscript,
  options: PrintBookOptions = {},
): Promise<RenderedExport & { book: PrintBook }> {
  const pdf = new PDFDocument({
    autoFirstPage: false,
    // Replaces pdfkit's default Helvetica, which would otherwise be loaded from its standard-font data.
    font: shippedFontPath(ORNAMENT_FONT),
    info: { Title: manuscript.title, Author: manuscript.authorName, Creator: 'Loreweaver' },
    displayTitle: true,
    lang: manuscript.book.language,
  });
  const book = setPrintBook(pdf, manuscript, options.year ?? new Date().getUTCFullYear());
  const body = await pdfBytes(pdf, () => {
    const pages = book.pages.slice(0, options.pageLimit ?? book.pages.length);
    pages.forEach((page, index) => drawPage(pdf, book, page, index + 1));
  });
  return { body, contentType: 'application/pdf', extension: 'pdf', book, pageStarts: book.pageStarts };
}
