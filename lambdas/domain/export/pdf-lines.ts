import type { Alignment, StyledRun } from './paragraph-runs';

/**
 * Line breaking for the PDF. pdfkit's own wrapper cannot justify a paragraph whose runs change style (it ends
 * the line at each change), so paragraphs are broken into lines here and pdfkit only draws them: greedy
 * filling, then each line aligned, justified lines spreading their spaces evenly.
 */

/** Part of a word in one style ("soft" in bold followed by "ly" in italic are two pieces of one word). */
export interface Piece {
  run: StyledRun;
  text: string;
  width: number;
}

interface Word {
  pieces: Piece[];
  width: number;
  /** The author put a line break after this word. */
  breakAfter: boolean;
}

/** One laid-out line: the words' pieces with the x offset (from the text block's left edge) of each. */
export interface Line {
  /** `startsWord`: a space separates the piece from the one before it. */
  placed: { piece: Piece; x: number; startsWord: boolean }[];
  /** Extra space added to every space between words when the line is justified (0 otherwise). */
  extraSpace: number;
}

export interface LineMetrics {
  /** Width of `text` in the run's font and size. */
  measure: (run: StyledRun, text: string) => number;
  spaceWidth: number;
}

function splitWords(runs: readonly StyledRun[], metrics: LineMetrics): Word[] {
  const words: Word[] = [];
  let pieces: Piece[] = [];
  const endWord = (forcedBreak: boolean) => {
    if (pieces.length > 0) {
      words.push({
        pieces,
        width: pieces.reduce((sum, piece) => sum + piece.width, 0),
        breakAfter: forcedBreak,
      });
    } else if (forcedBreak && words.length > 0) {
      words[words.length - 1]!.breakAfter = true;
    }
    pieces = [];
  };
  for (const run of runs) {
    for (const token of run.text.split(/(\n| +)/)) {
      if (token === '') continue;
      if (token === '\n') endWord(true);
      else if (token.startsWith(' ')) endWord(false);
      else pieces.push({ run, text: token, width: metrics.measure(run, token) });
    }
  }
  endWord(false);
  return words;
}

/**
 * The paragraph's lines for a text block `width` wide, line i starting `indents[i]` in (0 past the list's end:
 * a first-line indent is one number, a drop cap's lines two). The last line and lines ended by the author's
 * line break are never stretched.
 */
export function breakLines(
  runs: readonly StyledRun[],
  alignment: Alignment,
  width: number,
  indents: readonly number[],
  metrics: LineMetrics,
): Line[] {
  const words = splitWords(runs, metrics);
  const groups: { words: Word[]; forced: boolean }[] = [];
  let current: Word[] = [];
  let currentWidth = 0;
  const indentOf = (index: number) => indents[index] ?? 0;
  const available = () => width - indentOf(groups.length);
  for (const word of words) {
    const needed = current.length === 0 ? word.width : currentWidth + metrics.spaceWidth + word.width;
    if (current.length > 0 && needed > available()) {
      groups.push({ words: current, forced: false });
      current = [word];
      currentWidth = word.width;
    } else {
      current.push(word);
      currentWidth = needed;
    }
    if (word.breakAfter) {
      groups.push({ words: current, forced: true });
      current = [];
      currentWidth = 0;
    }
  }
  if (current.length > 0) groups.push({ words: current, forced: true });

  return groups.map((group, index) => {
    const start = indentOf(index);
    const lineWidth = width - start;
    const natural =
      group.words.reduce((sum, word) => sum + word.width, 0) + metrics.spaceWidth * (group.words.length - 1);
    const slack = Math.max(0, lineWidth - natural);
    const stretch = alignment === 'justify' && !group.forced && group.words.length > 1;
    const extraSpace = stretch ? slack / (group.words.length - 1) : 0;
    let x = start + (alignment === 'right' ? slack : alignment === 'center' ? slack / 2 : 0);
    const placed: Line['placed'] = [];
    group.words.forEach((word, wordIndex) => {
      if (wordIndex > 0) x += metrics.spaceWidth + extraSpace;
      word.pieces.forEach((piece, pieceIndex) => {
        placed.push({ piece, x, startsWord: pieceIndex === 0 && wordIndex > 0 });
        x += piece.width;
      });
    });
    return { placed, extraSpace };
  });
}

/**
 * How many of a paragraph's `remaining` lines go on a page with `left` lines free, `placed` of its lines being on
 * earlier pages: never its first line alone at the foot of a page (an orphan) nor its last line alone at the
 * head of the next (a widow). 0 moves the whole paragraph on; a fresh page always takes something.
 */
export function linesOnPage(remaining: number, placed: number, left: number, freshPage: boolean): number {
  if (left >= remaining) return remaining;
  let count = Math.max(0, left);
  if (remaining - count === 1) count -= 1;
  if (placed === 0 && count === 1) count = 0;
  if (count <= 0) return freshPage ? Math.min(left, remaining) : 0;
  return count;
}
