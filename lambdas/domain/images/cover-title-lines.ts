/**
 * A generated cover's title broken into lines. Lines are measured in columns: a CJK ideograph, kana, Hangul
 * syllable or full-width form is about twice as wide as a Latin letter, so it takes two. Those scripts put no
 * spaces between words and may break between any two characters, except that a line never starts with
 * closing punctuation (、。」 and the like), which stays with the character before it. Thai puts no spaces
 * between words either: its lines break between the words ICU's segmenter finds. A line never breaks inside a
 * character with its marks (a grapheme cluster: a Devanagari syllable's vowel signs, Thai tone marks), and
 * those marks take no column of their own.
 */

const WIDE_CHARACTER =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA960-\uA97F\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}]/u;
const CLOSING_PUNCTUATION =
  /[、。，．：；！？）」』】〉》〕］｝ー・…々ゝゞヽヾぁぃぅぇぉっゃゅょァィゥェォッャュョ]/u;

const THAI = /\p{Script=Thai}/u;

const isWide = (character: string) => WIDE_CHARACTER.test(character);

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const wordSegmenter = new Intl.Segmenter('th', { granularity: 'word' });

const clustersOf = (text: string) => [...graphemeSegmenter.segment(text)].map(({ segment }) => segment);

export const columnsOf = (text: string) =>
  clustersOf(text).reduce((sum, cluster) => sum + (isWide(cluster) ? 2 : 1), 0);

/** A piece of a title no line breaks inside, and whether a space separates it from the piece before. */
interface Piece {
  text: string;
  spaced: boolean;
}

/**
 * Each space-separated word, split further before every wide character and every Thai word that may start a
 * line.
 */
function piecesOf(title: string): Piece[] {
  const pieces: Piece[] = [];
  for (const word of title.split(/\s+/).filter(Boolean)) {
    let current: Piece | undefined;
    for (const { segment } of wordSegmenter.segment(word)) {
      const startsThaiWord = THAI.test(segment);
      for (const [index, cluster] of clustersOf(segment).entries()) {
        if (current === undefined) {
          current = { text: cluster, spaced: pieces.length > 0 };
          pieces.push(current);
        } else if (CLOSING_PUNCTUATION.test(cluster)) {
          current.text += cluster;
        } else if ((index === 0 && startsThaiWord) || isWide(cluster) || isWide([...current.text].at(-1)!)) {
          current = { text: cluster, spaced: false };
          pieces.push(current);
        } else {
          current.text += cluster;
        }
      }
    }
  }
  return pieces;
}

/** The text cut to fit `columns` with an ellipsis at its end. */
function withEllipsis(text: string, columns: number): string {
  const clusters = clustersOf(text);
  while (clusters.length > 0 && columnsOf(clusters.join('')) + 1 > columns) clusters.pop();
  return `${clusters.join('')}…`;
}

/**
 * Greedy wrap into lines of at most `lineColumns` columns and at most `maxLines` lines; a piece too long for a
 * line, and the last line when text is left over, end with an ellipsis.
 */
export function wrapTitle(title: string, lineColumns: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const piece of piecesOf(title)) {
    const last = lines.at(-1);
    const joined = last === undefined ? piece.text : `${last}${piece.spaced ? ' ' : ''}${piece.text}`;
    if (last !== undefined && columnsOf(joined) <= lineColumns) lines[lines.length - 1] = joined;
    else lines.push(columnsOf(piece.text) > lineColumns ? withEllipsis(piece.text, lineColumns) : piece.text);
  }
  if (lines.length <= maxLines) return lines;
  return [...lines.slice(0, maxLines - 1), withEllipsis(lines[maxLines - 1]!, lineColumns)];
}
