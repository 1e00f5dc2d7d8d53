import type { ExportLayout } from './manuscript';
import type { Alignment, TextBlock } from './paragraph-runs';

/**
 * The two layouts' measurements, in points (1/72 inch), shared by the DOCX and PDF renderers so both put the
 * same text on the same page. The EPUB renderer takes the proportions (spacing, indents) but leaves the page
 * to the reader.
 */
export interface PageLayout {
  pageWidth: number;
  pageHeight: number;
  margin: { top: number; right: number; bottom: number; left: number };
  /** Where the running header (manuscript) or page number (book) sits, from the page's top or bottom edge. */
  headerOffset: number;
  fontSize: number;
  /** Distance from one baseline to the next. */
  lineHeight: number;
  /** The same as a word processor's line spacing: 1 single, 2 double. */
  lineSpacing: number;
  /** First-line indent of a body paragraph. */
  firstLineIndent: number;
  /** How far each of Lexical's indent levels moves a paragraph in. */
  indentStep: number;
  /** Alignment of a paragraph the author did not align. */
  defaultAlignment: Alignment;
  /** Every body paragraph is indented (SMF), not only those the author started with a tab. */
  indentEveryParagraph: boolean;
  /** Book typesetting: the first paragraph of a chapter or scene starts flush left. */
  flushAfterBreak: boolean;
  /** Space above a chapter title on its new page. */
  chapterTitleDrop: number;
  /** Space between the chapter title and the text. */
  chapterTitleGap: number;
  chapterTitleSize: number;
  /** What a scene break shows, centred on its own line. */
  sceneBreakMark: string;
}

const INCH = 72;

/**
 * Standard Manuscript Format: US Letter, 1-inch margins, 12 pt Times (Tinos, metric-compatible), double-spaced,
 * half-inch first-line indents, ragged right, running header half an inch from the top, each chapter starting
 * a third of the way down its page, scene breaks as a centred '#'.
 */
const MANUSCRIPT: PageLayout = {
  pageWidth: 8.5 * INCH,
  pageHeight: 11 * INCH,
  margin: { top: INCH, right: INCH, bottom: INCH, left: INCH },
  headerOffset: 0.5 * INCH,
  fontSize: 12,
  lineHeight: 24,
  lineSpacing: 2,
  firstLineIndent: 0.5 * INCH,
  indentStep: 0.5 * INCH,
  defaultAlignment: 'left',
  indentEveryParagraph: true,
  flushAfterBreak: false,
  // A third of the page down: the top margin plus this drop.
  chapterTitleDrop: 11 * INCH * (1 / 3) - INCH,
  chapterTitleGap: 24,
  chapterTitleSize: 12,
  sceneBreakMark: '#',
};

/**
 * A trade paperback (6 × 9 in): 11 pt serif, single-spaced with the font's own leading, justified, quarter-inch
 * indents, chapters opening on a new page under a larger title, page numbers centred at the foot.
 */
const BOOK: PageLayout = {
  pageWidth: 6 * INCH,
  pageHeight: 9 * INCH,
  margin: { top: 0.75 * INCH, right: 0.75 * INCH, bottom: 0.875 * INCH, left: 0.75 * INCH },
  headerOffset: 0.45 * INCH,
  fontSize: 11,
  lineHeight: 13,
  lineSpacing: 1,
  firstLineIndent: 0.25 * INCH,
  indentStep: 0.25 * INCH,
  defaultAlignment: 'justify',
  indentEveryParagraph: false,
  flushAfterBreak: true,
  chapterTitleDrop: 1.25 * INCH,
  chapterTitleGap: 28,
  chapterTitleSize: 16,
  sceneBreakMark: '* * *',
};

export function pageLayout(layout: ExportLayout): PageLayout {
  return layout === 'manuscript' ? MANUSCRIPT : BOOK;
}

/** Points to twentieths of a point, DOCX's unit for lengths. */
export const twips = (points: number) => Math.round(points * 20);

/**
 * A text paragraph's first-line indent. Centred and right-aligned paragraphs are never indented; a book's
 * first paragraph of a chapter or scene starts flush; otherwise SMF indents every paragraph and a book the
 * paragraphs the author began with a tab.
 */
export function firstLineIndent(block: TextBlock, layout: PageLayout, startsSection: boolean): number {
  const alignment = block.alignment ?? layout.defaultAlignment;
  if (alignment === 'center' || alignment === 'right') return 0;
  if (startsSection && layout.flushAfterBreak) return 0;
  return block.tabIndented || layout.indentEveryParagraph ? layout.firstLineIndent : 0;
}
