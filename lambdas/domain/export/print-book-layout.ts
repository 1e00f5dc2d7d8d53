import type { BookSettings } from '../../../shared/schemas/book';
import {
  BOOK_STYLE_DESIGNS,
  type BookStyleDesign,
  kdpGutter,
  ORNAMENT_FONT,
  sceneBreakOrnament,
  PRINT_MARGINS,
  TRIM_SIZES,
} from './book-design';
import { fontMetrics, shippedFontPath, type FontFace } from './font-files';
import { backMatterSections, chapterHeading, copyrightLines, matterParagraphs } from './book-matter';
import type { Manuscript, PageStart } from './manuscript';
import { type Line, type LineMetrics, breakLines, linesOnPage } from './pdf-lines';
import { INNER_TAB, lineMetrics, type TextFonts } from './pdf-text';
import { type ManuscriptBlock, type StyledRun, type TextBlock, chapterBlocks } from './paragraph-runs';

/**
 * Issue 27 §2: the print book set page by page before anything is drawn, so the table of contents can state the
 * real page numbers, the gutter can follow the page count, and a chapter's last page can be made to hold more
 * than one line. Pages are numbered from the first (the title page is page 1), so odd pages are right-hand
 * pages: every chapter opens on one.
 *
 * Every body line sits on the page's baseline grid (line i of the text block at the same height on every page),
 * as in a typeset book; headings and front matter are placed freely above or apart from it.
 */

type Pdf = PDFKit.PDFDocument;

/** A line of body text, its x from the text block's left edge. */
export interface BodyLineItem {
  kind: 'line';
  line: Line;
  x: number;
  baseline: number;
  fonts: TextFonts;
}

/** A single-line text (a heading line, a folio, an ornament), aligned in a box `width` wide from `x`. */
export interface TextItem {
  kind: 'text';
  text: string;
  fontPath: string;
  size: number;
  x: number;
  baseline: number;
  width: number;
  align: 'left' | 'center' | 'right';
  characterSpacing: number;
}

export type PageItem = BodyLineItem | TextItem;

export interface PrintPage {
  /** `text` pages carry the running head and folio; openers, matter and blank pages none. */
  kind: 'text' | 'opener' | 'matter' | 'blank';
  /** Where the page begins in a chapter's text; none for matter and blank pages. */
  start?: PageStart;
  items: PageItem[];
  /** Lines set on the body grid (text and ornaments), for the rule that no chapter ends with one line alone. */
  gridLines: number;
}

export interface PrintBook {
  pageWidth: number;
  pageHeight: number;
  /** The inside margin: the KDP gutter for this page count and a quarter inch more. */
  insideMargin: number;
  outsideMargin: number;
  textWidth: number;
  pages: PrintPage[];
  /** The first page (1-based) of each chapter, in order. */
  chapterPages: number[];
  /** Each chapter page's number and where it begins in the text, in page order. */
  pageStarts: (PageStart & { page: number })[];
  /** The running heads: the author's name on left-hand pages, the title on right-hand ones. */
  runningHeads: { verso: string; recto: string };
  style: BookStyleDesign;
  gutter: number;
}

const plainRun = (text: string, italic = false): StyledRun => ({
  text,
  bold: false,
  italic,
  underline: false,
  strikethrough: false,
});

function plainBlock(text: string): TextBlock {
  return { kind: 'text', runs: [plainRun(text)], alignment: null, tabIndented: false, indentLevel: 0 };
}

/**
 * The opening words set in small capitals: the first word, and the second when the first is a short one
 * ("I", "The", "It was").
 */
function withSmallCapsOpening(runs: readonly StyledRun[]): StyledRun[] {
  const [first, ...rest] = runs;
  if (!first) return [];
  const words = first.text.split(/(\s+)/);
  const take = (words[0]?.length ?? 0) <= 3 && words.length > 2 ? 3 : 1;
  const opening = words.slice(0, take).join('');
  const remainder = words.slice(take).join('');
  const caps: StyledRun = { ...first, text: opening.toLocaleUpperCase(), smallCaps: true };
  return [caps, ...(remainder ? [{ ...first, text: remainder }] : []), ...rest];
}

/** The drop cap's text (opening quotation marks and the first letter) and the runs without it. */
function splitDropCap(runs: readonly StyledRun[]): { cap: string; runs: StyledRun[] } | undefined {
  const [first, ...rest] = runs;
  const match = first && /^[\p{Pi}\p{Ps}"'“‘]*\p{L}/u.exec(first.text);
  if (!first || !match) return undefined;
  const remainder = first.text.slice(match[0].length);
  return { cap: match[0], runs: [...(remainder ? [{ ...first, text: remainder }] : []), ...rest] };
}

/** Greedy word wrap of a single-style text, for headings and matter. */
function wrapText(pdf: Pdf, text: string, fontPath: string, size: number, spacing: number, width: number) {
  pdf.font(fontPath).fontSize(size);
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && pdf.widthOfString(candidate, { characterSpacing: spacing }) > width) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** Lays the book out for one inside margin; `setPrintBook` finds the margin the page count asks for. */
class BookSetter {
  readonly pages: PrintPage[] = [];
  readonly chapterPages: number[] = [];
  private readonly linesPerPage: number;
  private readonly firstBaseline: number;
  private readonly bodyAscent: number;
  /** Lines taken off a page's capacity (by page index) so a chapter's last line does not stand alone. */
  private readonly shortened = new Map<number, number>();
  private nextLine = 0;
  /** The chapter and block being set (no chapter: the front or back matter). */
  private chapter: number | undefined;
  private block = -1;
  /** The table of contents' page numbers, filled in once the pages they name are set. */
  private readonly contentsNumbers: { item: TextItem; page: () => number }[] = [];

  /**
   * `fonts` and `metrics` are the body's, measured once for every setting of the book: a setting for another
   * gutter measures the same words again otherwise.
   */
  constructor(
    private readonly pdf: Pdf,
    private readonly style: BookStyleDesign,
    private readonly settings: BookSettings,
    private readonly fonts: TextFonts,
    private readonly metrics: LineMetrics,
    readonly pageHeight: number,
    readonly textWidth: number,
  ) {
    const textHeight = pageHeight - PRINT_MARGINS.top - PRINT_MARGINS.bottom;
    this.bodyAscent = fontMetrics(fonts.path('regular')).ascent * style.bodySize;
    this.linesPerPage = Math.floor((textHeight - this.bodyAscent) / style.leading) + 1;
    this.firstBaseline = PRINT_MARGINS.top + this.bodyAscent;
  }

  private get page(): PrintPage {
    return this.pages[this.pages.length - 1]!;
  }

  private baseline(line: number): number {
    return this.firstBaseline + line * this.style.leading;
  }

  /** The grid line at or below a point on the page. */
  private lineAtOrBelow(y: number): number {
    return Math.max(0, Math.ceil((y - this.firstBaseline) / this.style.leading - 1e-6));
  }

  private linesLeft(): number {
    const index = this.pages.length - 1;
    return this.linesPerPage - (this.shortened.get(index) ?? 0) - this.nextLine;
  }

  private startPage(kind: PrintPage['kind']) {
    this.pages.push({ kind, items: [], gridLines: 0 });
    this.nextLine = 0;
  }

  /** A new page on the right-hand side: a blank left-hand page first when the next page would be one. */
  private startRecto(kind: PrintPage['kind']) {
    if (this.pages.length % 2 === 1) this.startPage('blank');
    this.startPage(kind);
  }

  private text(
    text: string,
    fontPath: string,
    size: number,
    baseline: number,
    options: { align?: TextItem['align']; characterSpacing?: number; x?: number; width?: number } = {},
  ): TextItem {
    const item: TextItem = {
      kind: 'text',
      text,
      fontPath,
      size,
      x: options.x ?? 0,
      baseline,
      width: options.width ?? this.textWidth,
      align: options.align ?? 'center',
      characterSpacing: options.characterSpacing ?? 0,
    };
    this.page.items.push(item);
    return item;
  }

  /** Notes where the current page begins, if nothing has been set on it yet. */
  private markStart(word: number) {
    if (this.chapter !== undefined && !this.page.start) {
      this.page.start = { chapter: this.chapter, block: this.block, word };
    }
  }

  private ornamentLine(glyph: string) {
    this.markStart(0);
    this.text(glyph, shippedFontPath(ORNAMENT_FONT), this.style.bodySize, this.baseline(this.nextLine));
    this.nextLine += 1;
    this.page.gridLines += 1;
  }

  private ornament(): string {
    return sceneBreakOrnament(this.settings);
  }

  /** Centred lines from `top` down in one face; answers the y below the last. */
  private centredLines(
    lines: readonly string[],
    fontPath: string,
    size: number,
    leading: number,
    top: number,
  ) {
    let baseline = top + fontMetrics(fontPath).ascent * size;
    for (const line of lines) {
      this.text(line, fontPath, size, baseline, { align: this.style.align });
      baseline += leading;
    }
    return baseline - leading - fontMetrics(fontPath).descent * size;
  }

  /** A chapter's (or a matter section's) heading on a new right-hand page; the body starts on the grid below. */
  private opener(title: string, number: number | undefined) {
    const { style } = this;
    this.startRecto('opener');
    this.block = -1;
    this.markStart(0);
    const textHeight = this.pageHeight - PRINT_MARGINS.top - PRINT_MARGINS.bottom;
    let y = PRINT_MARGINS.top + textHeight * style.sinkage;
    if (number !== undefined && style.chapterNumber === 'numeral') {
      const path = shippedFontPath(style.body.regular);
      y = this.centredLines([String(number)], path, style.heading.size * 2.4, 0, y) + style.bodySize;
    }
    const headingPath = shippedFontPath(style.heading.font);
    const shown = style.heading.titleCase ? title.toLocaleUpperCase() : title;
    const { size, characterSpacing } = style.heading;
    const lines = wrapText(this.pdf, shown, headingPath, size, characterSpacing, this.textWidth * 0.85);
    let baseline = y + fontMetrics(headingPath).ascent * size;
    for (const line of lines) {
      this.text(line, headingPath, size, baseline, { align: style.align, characterSpacing });
      baseline += size * 1.25;
    }
    y = baseline - size * 1.25 - fontMetrics(headingPath).descent * size;
    if (style.openerOrnament) {
      y += style.leading;
      this.text(this.ornament(), shippedFontPath(ORNAMENT_FONT), style.bodySize * 1.2, y + style.bodySize);
      y += style.bodySize * 1.5;
    }
    this.nextLine = this.lineAtOrBelow(y + style.leading * 2 + this.bodyAscent);
  }

  /**
   * Places a paragraph's lines on the grid, page after page, with no widow or orphan. `firstWord` is the word of
   * the paragraph its first line starts with (1 when a drop cap took the whole first word).
   */
  private placeLines(lines: readonly Line[], x: number, minimumLines = 1, firstWord = 0) {
    let placed = 0;
    let word = firstWord;
    let freshPage = this.nextLine === 0;
    while (placed < lines.length) {
      const count = linesOnPage(lines.length - placed, placed, this.linesLeft(), freshPage);
      for (const line of lines.slice(placed, placed + count)) {
        this.markStart(word);
        // A line's first word, and every piece after it that starts one.
        word += line.placed.length === 0 ? 0 : 1 + line.placed.filter((piece) => piece.startsWord).length;
        this.page.items.push({
          kind: 'line',
          line,
          x,
          baseline: this.baseline(this.nextLine),
          fonts: this.fonts,
        });
        this.nextLine += 1;
        this.page.gridLines += 1;
      }
      placed += count;
      if (placed < lines.length) {
        this.startPage('text');
        freshPage = true;
      }
    }
    // A drop cap is two lines deep even under a one-line paragraph.
    this.nextLine += Math.max(0, minimumLines - lines.length);
  }

  private paragraph(block: TextBlock, opensSection: boolean, dropCap: boolean) {
    const { style } = this;
    const inset = block.indentLevel * style.indentEms * style.bodySize;
    const width = this.textWidth - inset;
    const alignment = block.alignment ?? 'justify';
    let runs = block.runs.map((run): StyledRun => ({ ...run, text: run.text.replaceAll('\t', INNER_TAB) }));
    const aligned = alignment === 'center' || alignment === 'right';
    if (opensSection && !aligned) {
      const split = dropCap ? splitDropCap(runs) : undefined;
      if (split) {
        // A cap that was the whole first word ("I") leaves the text starting at the second.
        const capWasWord = /^\s/.test(split.runs[0]?.text ?? '');
        this.dropCap(
          split.cap,
          withSmallCapsOpening(split.runs),
          inset,
          width,
          alignment,
          capWasWord ? 1 : 0,
        );
        return;
      }
      runs = withSmallCapsOpening(runs);
    }
    const indent = opensSection || aligned ? 0 : style.indentEms * style.bodySize;
    this.placeLines(breakLines(runs, alignment, width, [indent], this.metrics), inset);
  }

  /** The first letter two lines deep, the first two lines set beside it. */
  private dropCap(
    cap: string,
    runs: StyledRun[],
    inset: number,
    width: number,
    alignment: TextBlock['alignment'],
    firstWord: number,
  ) {
    const { style } = this;
    const capPath = shippedFontPath(style.body.regular);
    const body = fontMetrics(capPath);
    const capSize = (style.leading + body.capHeight * style.bodySize) / body.capHeight;
    this.pdf.font(capPath).fontSize(capSize);
    const capWidth = this.pdf.widthOfString(cap);
    const besideCap = capWidth + style.bodySize * 0.35;
    const lines = breakLines(runs, alignment ?? 'justify', width, [besideCap, besideCap], this.metrics);
    // The opener leaves room for at least two lines, so the cap and its lines stay together.
    this.text(cap, capPath, capSize, this.baseline(this.nextLine + 1), {
      align: 'left',
      x: inset,
      width: capWidth,
    });
    this.placeLines(lines, inset, 2, firstWord);
  }

  /** The blocks of a chapter or matter section, scene breaks as the ornament. */
  private blocks(blocks: readonly ManuscriptBlock[], dropCap: boolean) {
    let opensSection = true;
    let first = true;
    for (const [index, block] of blocks.entries()) {
      this.block = index;
      if (block.kind === 'blank') continue;
      if (block.kind === 'scene-break') {
        // A blank line, the ornament, a blank line; at a page's head the ornament comes first.
        if (this.linesLeft() < 3) this.startPage('text');
        else if (this.nextLine > 0) this.nextLine += 1;
        this.ornamentLine(this.ornament());
        if (this.linesLeft() > 0) this.nextLine += 1;
        opensSection = true;
        continue;
      }
      if (this.linesLeft() < 1) this.startPage('text');
      this.paragraph(block, opensSection, dropCap && first);
      opensSection = false;
      first = false;
    }
  }

  /**
   * A section opening on a new right-hand page. Should its last page hold one line alone, it is set again with the
   * page before holding a line less (up to three times), which carries a line or two over.
   */
  private section(title: string, number: number | undefined, write: () => void) {
    const start = this.pages.length;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      this.opener(title, number);
      write();
      const last = this.pages.length - 1;
      const alone = this.page.gridLines === 1 && this.page.kind === 'text';
      if (!alone || attempt === 3) break;
      this.pages.length = start;
      this.shortened.set(last - 1, (this.shortened.get(last - 1) ?? 0) + 1);
    }
  }

  private titlePage(manuscript: Manuscript) {
    const { style } = this;
    this.startRecto('matter');
    const headingPath = shippedFontPath(style.heading.font);
    const size = style.heading.size * 1.7;
    const shown = style.heading.titleCase ? manuscript.title.toLocaleUpperCase() : manuscript.title;
    const lines = wrapText(
      this.pdf,
      shown,
      headingPath,
      size,
      style.heading.characterSpacing,
      this.textWidth,
    );
    const textHeight = this.pageHeight - PRINT_MARGINS.top - PRINT_MARGINS.bottom;
    const below = this.centredLines(
      lines,
      headingPath,
      size,
      size * 1.2,
      PRINT_MARGINS.top + textHeight * 0.25,
    );
    if (manuscript.authorName.trim()) {
      const authorPath = shippedFontPath(style.body.regular);
      const author = style.heading.titleCase
        ? manuscript.authorName.toLocaleUpperCase()
        : manuscript.authorName;
      this.centredLines([author], authorPath, style.bodySize * 1.3, 0, below + style.leading * 3);
    }
  }

  /** The copyright lines at the foot of the page after the title page. */
  private copyrightPage(manuscript: Manuscript, year: number) {
    const { style } = this;
    this.startPage('matter');
    const path = shippedFontPath(style.body.regular);
    const size = style.bodySize * 0.8;
    const leading = style.leading * 0.8;
    const lines = copyrightLines(manuscript, year).flatMap((paragraph) =>
      wrapText(this.pdf, paragraph, path, size, 0, this.textWidth),
    );
    let baseline = this.pageHeight - PRINT_MARGINS.bottom - (lines.length - 1) * leading;
    for (const line of lines) {
      this.text(line, path, size, baseline, { align: 'left' });
      baseline += leading;
    }
  }

  /** A dedication or an epigraph: italic, centred, a quarter of the way down a right-hand page. */
  private quotePage(text: string, source: string) {
    const { style } = this;
    this.startRecto('matter');
    const path = shippedFontPath(style.body.italic);
    const lines = matterParagraphs(text).flatMap((paragraph) =>
      wrapText(this.pdf, paragraph, path, style.bodySize, 0, this.textWidth * 0.8),
    );
    const textHeight = this.pageHeight - PRINT_MARGINS.top - PRINT_MARGINS.bottom;
    const below = this.centredLines(
      lines,
      path,
      style.bodySize,
      style.leading,
      PRINT_MARGINS.top + textHeight * 0.25,
    );
    if (source) {
      const sourcePath = shippedFontPath(style.body.regular);
      this.centredLines([`— ${source}`], sourcePath, style.bodySize, 0, below + style.leading);
    }
  }

  /** "Contents" and a line per chapter and back-matter section, each with the page it opens on. */
  private contents(entries: readonly { title: string; page: () => number }[]) {
    const { style } = this;
    this.opener('Contents', undefined);
    this.page.kind = 'matter';
    const path = shippedFontPath(style.body.regular);
    this.pdf.font(path).fontSize(style.bodySize);
    const numberWidth = this.pdf.widthOfString('0000');
    for (const entry of entries) {
      if (this.linesLeft() < 1) this.startPage('matter');
      const baseline = this.baseline(this.nextLine);
      const title = this.fitted(entry.title, path, this.textWidth - numberWidth);
      this.text(title, path, style.bodySize, baseline, { align: 'left' });
      const item = this.text('', path, style.bodySize, baseline, { align: 'right' });
      this.contentsNumbers.push({ item, page: entry.page });
      this.nextLine += 1;
    }
  }

  /** The text cut with an ellipsis to fit `width`. */
  private fitted(text: string, fontPath: string, width: number): string {
    this.pdf.font(fontPath).fontSize(this.style.bodySize);
    if (this.pdf.widthOfString(text) <= width) return text;
    let cut = text;
    while (cut.length > 1 && this.pdf.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  }

  private alsoBy(titles: readonly string[]) {
    const path = shippedFontPath(this.style.body.italic);
    for (const title of titles) {
      if (this.linesLeft() < 1) this.startPage('text');
      this.text(title, path, this.style.bodySize, this.baseline(this.nextLine), { align: 'center' });
      this.nextLine += 1;
      this.page.gridLines += 1;
    }
  }

  setBook(manuscript: Manuscript, year: number) {
    const front = this.settings.front_matter;
    const backSections = backMatterSections(manuscript);
    const sectionPages: number[] = [];
    if (front.title_page) this.titlePage(manuscript);
    if (front.copyright_page) this.copyrightPage(manuscript, year);
    if (front.dedication) this.quotePage(front.dedication, '');
    if (front.epigraph) this.quotePage(front.epigraph, front.epigraph_source);
    if (front.table_of_contents) {
      this.contents([
        ...manuscript.chapters.map((chapter, index) => ({
          title: chapterHeading(chapter.title, index),
          page: () => this.chapterPages[index]!,
        })),
        ...backSections.map((section, index) => ({ title: section.title, page: () => sectionPages[index]! })),
      ]);
    }
    manuscript.chapters.forEach((chapter, index) => {
      this.chapter = index;
      this.section(chapterHeading(chapter.title, index), index + 1, () => {
        this.chapterPages[index] = this.pages.length;
        this.blocks(chapterBlocks(chapter.paragraphs), this.settings.drop_cap);
      });
    });
    this.chapter = undefined;
    for (const section of backSections) {
      this.section(section.title, undefined, () => {
        sectionPages.push(this.pages.length);
        if (section.list) this.alsoBy(section.lines);
        else this.blocks(section.lines.map(plainBlock), false);
      });
    }
    // A printed book has an even number of pages: the last leaf's back is blank.
    if (this.pages.length % 2 === 1) this.startPage('blank');
    for (const { item, page } of this.contentsNumbers) item.text = String(page());
  }
}

/** A first guess at the page count, so the gutter is usually right at the first setting. */
function estimatedPages(
  manuscript: Manuscript,
  style: BookStyleDesign,
  textWidth: number,
  pageHeight: number,
) {
  const charactersPerLine = textWidth / (style.bodySize * 0.45);
  const linesPerPage = (pageHeight - PRINT_MARGINS.top - PRINT_MARGINS.bottom) / style.leading;
  const characters = manuscript.wordCount * 6;
  return characters / charactersPerLine / linesPerPage + manuscript.chapters.length * 1.5 + 8;
}

/**
 * The book set for its trim and style, with the gutter KDP asks for at its page count: the gutter narrows the
 * text, which can add pages and so a wider gutter, so the book is set again until the two agree (a wider gutter
 * than the count needs is kept should they not, as the minimum is what matters).
 */
export function setPrintBook(pdf: Pdf, manuscript: Manuscript, year: number): PrintBook {
  const settings = manuscript.book;
  const style = BOOK_STYLE_DESIGNS[settings.style];
  const trim = TRIM_SIZES[settings.trim];
  const fonts: TextFonts = {
    path: (face: FontFace) => shippedFontPath(style.body[face]),
    size: style.bodySize,
  };
  const metrics = lineMetrics(pdf, fonts);
  const widthFor = (gutter: number) =>
    trim.width - PRINT_MARGINS.outside - gutter - PRINT_MARGINS.insideBeyondGutter;
  let gutter = kdpGutter(estimatedPages(manuscript, style, widthFor(kdpGutter(0)), trim.height));
  const tried = new Set<number>();
  for (;;) {
    const setter = new BookSetter(pdf, style, settings, fonts, metrics, trim.height, widthFor(gutter));
    setter.setBook(manuscript, year);
    const needed = kdpGutter(setter.pages.length);
    if (needed === gutter || (needed < gutter && tried.has(needed))) {
      return {
        pageWidth: trim.width,
        pageHeight: trim.height,
        insideMargin: gutter + PRINT_MARGINS.insideBeyondGutter,
        outsideMargin: PRINT_MARGINS.outside,
        textWidth: setter.textWidth,
        pages: setter.pages,
        chapterPages: setter.chapterPages,
        pageStarts: setter.pages.flatMap((page, index) =>
          page.start ? [{ ...page.start, page: index + 1 }] : [],
        ),
        runningHeads: {
          verso: manuscript.authorName.trim() || manuscript.title,
          recto: manuscript.title,
        },
        style,
        gutter,
      };
    }
    tried.add(gutter);
    gutter = needed;
  }
}
