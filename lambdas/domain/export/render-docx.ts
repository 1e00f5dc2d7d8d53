import {
  AlignmentType,
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  DeletedTextRun,
  Document,
  Footer,
  Header,
  HeadingLevel,
  type ICommentOptions,
  InsertedTextRun,
  type IRunOptions,
  LineRuleType,
  Packer,
  PageNumber,
  Paragraph,
  type ParagraphChild,
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
import type { ManuscriptComment, ManuscriptSuggestion, ParagraphReview } from './manuscript-review';
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

/** Makes one Word run: plain, or inside a tracked insertion or deletion. */
type RunMaker = (options: IRunOptions) => ParagraphChild;
const plainRun: RunMaker = (options) => new TextRun(options);

/** The run's text as Word content: line breaks as breaks, tabs as tabs. */
function textRuns(run: StyledRun, makeRun: RunMaker = plainRun): ParagraphChild[] {
  // Only the styles a run has are written: a plain run stays a bare <w:r>, which keeps a novel's XML small.
  const formatting = {
    ...(run.bold ? { bold: true } : {}),
    ...(run.italic ? { italics: true } : {}),
    ...(run.underline ? { underline: {} } : {}),
    ...(run.strikethrough ? { strike: true } : {}),
  };
  return run.text.split('\n').map((line, index) =>
    makeRun({
      ...formatting,
      ...(index > 0 ? { break: 1 } : {}),
      children: line.split('\t').flatMap((part, partIndex) => (partIndex === 0 ? [part] : [new Tab(), part])),
    }),
  );
}

/**
 * The document's comments and the ids its comments and revision marks are written with: one sequence for both,
 * so every w:id in the file is unique, as Word expects.
 */
class DocxReview {
  readonly comments: ICommentOptions[] = [];
  private nextId = 0;

  newId(): number {
    return this.nextId++;
  }

  /** Adds the thread to comments.xml, its replies threaded under it; answers the ids its range is marked with. */
  addThread(thread: ManuscriptComment): number[] {
    const id = this.newId();
    this.comments.push(commentOptions(id, thread));
    const replyIds = thread.replies.map((reply) => {
      const replyId = this.newId();
      this.comments.push({ ...commentOptions(replyId, reply), parentId: id });
      return replyId;
    });
    return [id, ...replyIds];
  }
}

function commentOptions(id: number, note: { author: string; body: string; date: string }): ICommentOptions {
  return {
    id,
    author: note.author,
    date: new Date(note.date),
    children: note.body.split('\n').map((line) => new Paragraph({ children: [new TextRun(line)] })),
  };
}

/**
 * Suggestions that can be tracked changes together: in text order, each one starting at or after the end of
 * the one before (Word cannot delete the same words twice), so a suggestion overlapping another is left out.
 */
function separateSuggestions(suggestions: readonly ManuscriptSuggestion[]): ManuscriptSuggestion[] {
  const kept: ManuscriptSuggestion[] = [];
  for (const suggestion of [...suggestions].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const previous = kept[kept.length - 1];
    if (!previous || suggestion.start >= previous.end) kept.push(suggestion);
  }
  return kept;
}

/** The runs' text from `start` to `end`, each piece with its run's style. */
function runsBetween(runs: readonly StyledRun[], start: number, end: number): StyledRun[] {
  const pieces: StyledRun[] = [];
  let offset = 0;
  for (const run of runs) {
    const from = Math.max(start, offset);
    const to = Math.min(end, offset + run.text.length);
    if (from < to) pieces.push({ ...run, text: run.text.slice(from - offset, to - offset) });
    offset += run.text.length;
  }
  return pieces;
}

/** A replacement's style: an editor's suggestion carries no formatting. */
const PLAIN_STYLE = { bold: false, italic: false, underline: false, strikethrough: false };

/**
 * The paragraph's runs with its comments and suggestions marked in: each comment's range between
 * w:commentRangeStart and w:commentRangeEnd (its replies' ids too, as Word writes a thread) and a reference
 * after it; each suggestion's words in a w:del and its replacement in a w:ins right after, both by its editor.
 */
function reviewedRuns(
  runs: readonly StyledRun[],
  review: ParagraphReview,
  docx: DocxReview,
): ParagraphChild[] {
  const length = runs.reduce((total, run) => total + run.text.length, 0);
  const threads = review.comments.map((comment) => ({ comment, ids: docx.addThread(comment) }));
  const suggestions = separateSuggestions(review.suggestions);
  const points = [
    ...new Set([
      0,
      length,
      ...[...review.comments, ...suggestions].flatMap((range) => [range.start, range.end]),
    ]),
  ].sort((a, b) => a - b);
  const children: ParagraphChild[] = [];
  const endComment = (ids: readonly number[]) => {
    for (const id of ids)
      children.push(new CommentRangeEnd(id), new TextRun({ children: [new CommentReference(id)] }));
  };
  points.forEach((point, index) => {
    for (const suggestion of suggestions.filter((candidate) => candidate.end === point)) {
      if (suggestion.replacement === '') continue;
      const change = { id: docx.newId(), author: suggestion.author, date: suggestion.date };
      children.push(
        ...textRuns(
          { ...PLAIN_STYLE, text: suggestion.replacement },
          (options) => new InsertedTextRun({ ...options, ...change }),
        ),
      );
    }
    for (const { comment, ids } of threads)
      if (comment.end === point && comment.start < point) endComment(ids);
    for (const { comment, ids } of threads) {
      if (comment.start !== point) continue;
      children.push(...ids.map((id) => new CommentRangeStart(id)));
      if (comment.end === point) endComment(ids);
    }
    const next = points[index + 1];
    if (next === undefined) return;
    const deleted = suggestions.find((suggestion) => suggestion.start <= point && suggestion.end >= next);
    for (const piece of runsBetween(runs, point, next)) {
      if (!deleted) {
        children.push(...textRuns(piece));
        continue;
      }
      const change = { id: docx.newId(), author: deleted.author, date: deleted.date };
      children.push(...textRuns(piece, (options) => new DeletedTextRun({ ...options, ...change })));
    }
  });
  return children;
}

function bodySpacing(layout: PageLayout) {
  return { line: SINGLE_LINE * layout.lineSpacing, lineRule: LineRuleType.AUTO, before: 0, after: 0 };
}

function textParagraph(
  block: TextBlock,
  layout: PageLayout,
  startsSection: boolean,
  docx: DocxReview,
): Paragraph {
  return new Paragraph({
    alignment: DOCX_ALIGNMENT[block.alignment ?? layout.defaultAlignment],
    spacing: bodySpacing(layout),
    indent: {
      firstLine: twips(firstLineIndent(block, layout, startsSection)),
      ...(block.indentLevel > 0 ? { left: twips(block.indentLevel * layout.indentStep) } : {}),
    },
    children: block.review
      ? reviewedRuns(block.runs, block.review, docx)
      : block.runs.flatMap((run) => textRuns(run)),
  });
}

function chapterParagraphs(manuscript: Manuscript, layout: PageLayout, docx: DocxReview): Paragraph[] {
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
    for (const block of chapterBlocks(chapter.paragraphs, chapter.review)) {
      if (block.kind === 'text') {
        paragraphs.push(textParagraph(block, layout, startsSection, docx));
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
  const docx = new DocxReview();
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
    children: chapterParagraphs(manuscript, layout, docx),
  };

  const document = new Document({
    title: manuscript.title,
    creator: manuscript.authorName,
    ...(docx.comments.length > 0 ? { comments: { children: docx.comments } } : {}),
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
