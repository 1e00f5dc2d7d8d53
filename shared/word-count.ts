/**
 * Words as an author counts them: the editor's live count and the server's words per day (issue 15 §1) use
 * this one rule, so the words added to a day equal the words the author saw appear.
 */
import { paragraphText, parseParagraphChunk } from './paragraph-text';
import type { Paragraph } from './schemas/paragraph';

const WORD = /[\p{L}\p{N}]+(?:['\u2019-][\p{L}\p{N}]+)*/gu;

/** "don't" and "well-known" are one word each, an em dash separates two. */
export function countWords(text: string): number {
  let count = 0;
  WORD.lastIndex = 0;
  while (WORD.exec(text) !== null) count += 1;
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
