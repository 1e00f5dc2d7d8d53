import { type InlineNode, type Paragraph, TEXT_FORMAT_BITS } from '../../../shared/schemas/paragraph';
import { isSceneBreakText } from '../../../shared/scene-breaks';
import type { ParagraphReview } from './manuscript-review';

/**
 * The stored paragraph JSON turned into what every renderer lays out, so the three formats agree on what a
 * paragraph says: styled runs, its alignment, whether the author indented it with a tab, and scene breaks.
 */

export type Alignment = 'left' | 'center' | 'right' | 'justify';

export interface StyledRun {
  /** May hold '\n' (a line break inside the paragraph) and '\t' (a tab after the first character). */
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strikethrough: boolean;
  /** Set in capitals a size smaller: the print book's first words after a heading or a break. */
  smallCaps?: boolean;
}

export interface TextBlock {
  kind: 'text';
  runs: StyledRun[];
  /** The author's alignment; null leaves it to the layout (Lexical's '', 'start'). */
  alignment: Alignment | null;
  /** The paragraph started with a tab: a first-line indent (the tab itself is not kept as text). */
  tabIndented: boolean;
  /** Lexical's block indent level (the indent button), each level a step in from the left margin. */
  indentLevel: number;
  /** The paragraph's comments and suggestions, their offsets moved onto the runs' text (the indent left out). */
  review?: ParagraphReview;
}

export interface SceneBreakBlock {
  kind: 'scene-break';
}

/** A paragraph with no text, kept as an empty line where the author left one between paragraphs. */
export interface BlankBlock {
  kind: 'blank';
}

export type ManuscriptBlock = TextBlock | SceneBreakBlock | BlankBlock;

const ALIGNMENTS: Record<Paragraph['format'], Alignment | null> = {
  '': null,
  start: null,
  end: 'right',
  left: 'left',
  center: 'center',
  right: 'right',
  justify: 'justify',
};

/** The text an inline node shows: runs and mentions their text, a line break '\n', a node of a newer editor its text. */
function inlineText(node: InlineNode): string {
  if (node.type === 'linebreak') return '\n';
  const { text } = node as { text?: unknown };
  return typeof text === 'string' ? text : '';
}

/** The paragraph's plain text, line breaks as '\n'. */
export function paragraphText(paragraph: Paragraph): string {
  return paragraph.children.map(inlineText).join('');
}

function styledRun(node: InlineNode): StyledRun {
  const { format } = node as { format?: unknown };
  const bits = typeof format === 'number' ? format : 0;
  return {
    text: inlineText(node),
    bold: (bits & TEXT_FORMAT_BITS.bold) !== 0,
    italic: (bits & TEXT_FORMAT_BITS.italic) !== 0,
    underline: (bits & TEXT_FORMAT_BITS.underline) !== 0,
    strikethrough: (bits & TEXT_FORMAT_BITS.strikethrough) !== 0,
  };
}

export const sameStyle = (a: StyledRun, b: StyledRun) =>
  a.bold === b.bold &&
  a.italic === b.italic &&
  a.underline === b.underline &&
  a.strikethrough === b.strikethrough &&
  a.smallCaps === b.smallCaps;

/**
 * Runs with the leading tabs (and the spaces around them) removed and neighbours of one style joined;
 * `dropped` counts the characters removed from the front of the paragraph's text.
 */
function cleanRuns(runs: StyledRun[]): { runs: StyledRun[]; tabIndented: boolean; dropped: number } {
  let tabIndented = false;
  let leading = true;
  let dropped = 0;
  const cleaned: StyledRun[] = [];
  for (const run of runs) {
    let text = run.text;
    if (leading) {
      const indent = /^[ \t]*/.exec(text)![0];
      if (indent.includes('\t')) tabIndented = true;
      dropped += indent.length;
      text = text.slice(indent.length);
      if (text === '') continue;
      leading = false;
    }
    const previous = cleaned[cleaned.length - 1];
    if (previous && sameStyle(previous, run)) previous.text += text;
    else cleaned.push({ ...run, text });
  }
  return { runs: cleaned, tabIndented, dropped };
}

/** The review's offsets in the paragraph's text moved onto the runs' text, which lacks the first `dropped`. */
function shiftedReview(review: ParagraphReview, dropped: number, length: number): ParagraphReview {
  const shift = <Range extends { start: number; end: number }>(range: Range): Range => {
    const start = Math.min(Math.max(0, range.start - dropped), length);
    return { ...range, start, end: Math.min(Math.max(start, range.end - dropped), length) };
  };
  return { comments: review.comments.map(shift), suggestions: review.suggestions.map(shift) };
}

function toBlock(paragraph: Paragraph, review: ParagraphReview | undefined): ManuscriptBlock {
  const text = paragraphText(paragraph).trim();
  if (text === '') return { kind: 'blank' };
  if (isSceneBreakText(text)) return { kind: 'scene-break' };
  const { runs, tabIndented, dropped } = cleanRuns(paragraph.children.map(styledRun));
  const length = runs.reduce((total, run) => total + run.text.length, 0);
  return {
    kind: 'text',
    runs,
    alignment: ALIGNMENTS[paragraph.format],
    tabIndented,
    indentLevel: paragraph.indent,
    ...(review ? { review: shiftedReview(review, dropped, length) } : {}),
  };
}

/**
 * A chapter's paragraphs as blocks. Blank paragraphs at the start and end of a chapter (a new chapter's first
 * empty paragraph, trailing returns) are dropped, and a run of blank ones inside it becomes one empty line.
 * `review` (by paragraph index) rides on the text blocks; comments on a scene break or blank line are lost.
 */
export function chapterBlocks(
  paragraphs: readonly Paragraph[],
  review?: ReadonlyMap<number, ParagraphReview>,
): ManuscriptBlock[] {
  const blocks: ManuscriptBlock[] = [];
  for (const [index, paragraph] of paragraphs.entries()) {
    const block = toBlock(paragraph, review?.get(index));
    const previous = blocks[blocks.length - 1];
    if (block.kind === 'blank' && (previous === undefined || previous.kind !== 'text')) continue;
    blocks.push(block);
  }
  while (blocks[blocks.length - 1]?.kind === 'blank') blocks.pop();
  return blocks;
}
