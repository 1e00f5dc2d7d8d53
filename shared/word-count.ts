/**
 * How Loreweaver counts words, in one place so the editor's live count, the stored counts and an export's
 * title page always agree.
 */

const WORD = /[\p{L}\p{N}]+(?:['\u2019-][\p{L}\p{N}]+)*/gu;

/** Words as an author counts them: "don't" and "well-known" are one word each, an em dash separates two. */
export function countWords(text: string): number {
  let count = 0;
  WORD.lastIndex = 0;
  while (WORD.exec(text) !== null) count += 1;
  return count;
}
