import { type InlineNode, type Paragraph, TEXT_FORMAT_BITS } from '../../../shared/schemas/paragraph';

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
}

export interface SceneBreakBlock {
  kind: 'scene-break';
}

/** A paragraph with no text, kept as an empty line where the author left one between paragraphs. */
export interface BlankBlock {
  kind: 'blank';
}

export type ManuscriptBlock = TextBlock | SceneBreakBlock | BlankBlock;

/** What authors type on a line of its own to mark a scene break. */
const SCENE_BREAK_MARKS = new Set(['#', '***', '* * *']);

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

const sameStyle = (a: StyledRun, b: StyledRun) =>
  a.bold === b.bold &&
  a.italic === b.italic &&
  a.underline === b.underline &&
  a.strikethrough === b.strikethrough;

/** Runs with the leading tabs (and the spaces around them) removed and neighbours of one style joined. */
function cleanRuns(runs: StyledRun[]): { runs: StyledRun[]; tabIndented: boolean } {
  let tabIndented = false;
  let leading = true;
  const cleaned: StyledRun[] = [];
  for (const run of runs) {
    let text = run.text;
    if (leading) {
      const indent = /^[ \t]*/.exec(text)![0];
      if (indent.includes('\t')) tabIndented = true;
      text = text.slice(indent.length);
      if (text === '') continue;
      leading = false;
    }
    const previous = cleaned[cleaned.length - 1];
    if (previous && sameStyle(previous, run)) previous.text += text;
    else cleaned.push({ ...run, text });
  }
  return { runs: cleaned, tabIndented };
}

function toBlock(paragraph: Paragraph): ManuscriptBlock {
  const text = paragraphText(paragraph).trim();
  if (text === '') return { kind: 'blank' };
  if (SCENE_BREAK_MARKS.has(text)) return { kind: 'scene-break' };
  const { runs, tabIndented } = cleanRuns(paragraph.children.map(styledRun));
  return {
    kind: 'text',
    runs,
    alignment: ALIGNMENTS[paragraph.format],
    tabIndented,
    indentLevel: paragraph.indent,
  };
}

/**
 * A chapter's paragraphs as blocks. Blank paragraphs at the start and end of a chapter (a new chapter's first
 * empty paragraph, trailing returns) are dropped, and a run of blank ones inside it becomes one empty line.
 */
export function chapterBlocks(paragraphs: readonly Paragraph[]): ManuscriptBlock[] {
  const blocks: ManuscriptBlock[] = [];
  for (const paragraph of paragraphs) {
    const block = toBlock(paragraph);
    const previous = blocks[blocks.length - 1];
    if (block.kind === 'blank' && (previous === undefined || previous.kind !== 'text')) continue;
    blocks.push(block);
  }
  while (blocks[blocks.length - 1]?.kind === 'blank') blocks.pop();
  return blocks;
}
