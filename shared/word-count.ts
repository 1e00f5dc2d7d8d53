/**
 * Words as an author counts them: the editor's live count and the server's words per day (issue 15 §1) use
 * this one rule, so the words added to a day equal the words the author saw appear.
 */
import { paragraphText, parseParagraphChunk } from './paragraph-text';
import type { Paragraph } from './schemas/paragraph';

// Combining marks belong to their letter: Thai and Devanagari vowel signs, or an accent typed apart (e + ◌́).
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:['\u2019-][\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*/gu;

/** Scripts written without spaces between words: their runs are split into words by a dictionary. */
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

let wordSegmenter: Intl.Segmenter | undefined;

/** The words of a run written without spaces (我今天去了商店 is 4), by the runtime's Unicode word breaks. */
function countUnspacedWords(run: string): number {
  wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  let count = 0;
  for (const segment of wordSegmenter.segment(run)) if (segment.isWordLike) count += 1;
  return count;
}

/**
 * "don't" and "well-known" are one word each, an em dash separates two; Chinese, Japanese, Thai, Lao, Khmer and
 * Burmese text, written without spaces, is split into words with `Intl.Segmenter` (the same in the browser and
 * on the server).
 */
export function countWords(text: string): number {
  let count = 0;
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match !== null; match = WORD.exec(text)) {
    count += UNSPACED_SCRIPT.test(match[0]) ? countUnspacedWords(match[0]) : 1;
  }
  return count;
}

/** The words of a stored paragraph's visible text (mentions count as the text they show). */
export function countParagraphWords(paragraph: Paragraph): number {
  return countWords(paragraphText(paragraph).text);
}

/** The words of a chapter: paragraphs are counted apart, so words never join across them. */
export function countChapterWords(paragraphs: readonly Paragraph[]): number {
  return paragraphs.reduce((total, paragraph) => total + countParagraphWords(paragraph), 0);
}

/**
 * The words of a stored block's `chunk` (the paragraph's JSON). A chunk that is not a paragraph counts as
 * empty: the API never stores one, and a count must not fail a save. A save's change in words is the
 * difference of the changed chunks' counts after and before.
 */
export function countChunkWords(chunk: string): number {
  const paragraph = parseParagraphChunk(chunk);
  return paragraph ? countParagraphWords(paragraph) : 0;
}
