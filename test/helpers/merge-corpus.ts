/**
 * Concurrent edits of one paragraph on two devices, generated from a seed, for the merge property test
 * (test/shared/paragraph-merge.property.test.ts) and its bench (bench/merge.bench.ts).
 *
 * The base is lower-case prose with bold and italic words. Each device makes a few edits: typing (its own
 * capitals, so every typed character is traceable: this device A–M, the other N–Z), deleting a stretch, and
 * changing the format of one. A 'disjoint' case keeps one base character between the devices untouched, this
 * device editing only before it and the other only after it, so the right merge is known exactly; an 'any'
 * case lets both edit anywhere.
 */

import type { TextRun } from '../../shared/schemas/paragraph';
import { paragraph, run } from './paragraphs';

export interface StyledCharacter {
  character: string;
  format: number;
}

export type MergeCaseKind = 'disjoint' | 'any';

export interface MergeCase {
  kind: MergeCaseKind;
  base: StyledCharacter[];
  mine: StyledCharacter[];
  theirs: StyledCharacter[];
  /** For a 'disjoint' case: mine before the untouched character, it, and theirs after it. */
  expected?: StyledCharacter[];
}

export const MY_LETTERS = 'ABCDEFGHIJKLM';
export const THEIR_LETTERS = 'NOPQRSTUVWXYZ';
const WORDS = ['the', 'lantern', 'was', 'out', 'and', 'she', 'waited', 'by', 'river', 'for', 'a', 'word'];
const FORMATS = [0, 0, 0, 1, 2];

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: () => number, low: number, high: number) =>
  low + Math.floor(random() * (high - low + 1));

function baseText(random: () => number): StyledCharacter[] {
  const characters: StyledCharacter[] = [];
  const sentences = between(random, 2, 4);
  for (let sentence = 0; sentence < sentences; sentence += 1) {
    const words = between(random, 3, 8);
    for (let word = 0; word < words; word += 1) {
      const format = pick(random, FORMATS);
      for (const character of pick(random, WORDS)) characters.push({ character, format });
      characters.push({ character: word === words - 1 ? '.' : ' ', format: 0 });
    }
    if (sentence < sentences - 1) characters.push({ character: ' ', format: 0 });
  }
  return characters;
}

/** A few edits of `text` within [from, to) (to moves as the edits change the length); answers the new `to`. */
function editWithin(
  random: () => number,
  text: StyledCharacter[],
  from: number,
  to: number,
  letters: string,
): number {
  let end = to;
  const edits = between(random, 1, 4);
  for (let count = 0; count < edits; count += 1) {
    const at = between(random, from, end);
    const kind = random();
    if (kind < 0.5 || at === end) {
      const format = pick(random, FORMATS);
      const typed = Array.from({ length: between(random, 1, 6) }, () => ({
        character: pick(random, [...letters]),
        format,
      }));
      text.splice(at, 0, ...typed);
      end += typed.length;
    } else if (kind < 0.8) {
      const length = Math.min(between(random, 1, 5), end - at);
      text.splice(at, length);
      end -= length;
    } else {
      const length = Math.min(between(random, 1, 8), end - at);
      const format = pick(random, [0, 1, 2, 3]);
      for (let index = at; index < at + length; index += 1) text[index] = { ...text[index]!, format };
    }
  }
  return end;
}

export function generateMergeCase(random: () => number, kind: MergeCaseKind): MergeCase {
  const base = baseText(random);
  const mine = base.map((character) => ({ ...character }));
  const theirs = base.map((character) => ({ ...character }));
  if (kind === 'any') {
    editWithin(random, mine, 0, mine.length, MY_LETTERS);
    editWithin(random, theirs, 0, theirs.length, THEIR_LETTERS);
    return { kind, base, mine, theirs };
  }
  const untouched = between(random, 0, base.length - 1);
  const myEnd = editWithin(random, mine, 0, untouched, MY_LETTERS);
  editWithin(random, theirs, untouched + 1, theirs.length, THEIR_LETTERS);
  const expected = [...mine.slice(0, myEnd + 1), ...theirs.slice(untouched + 1)].map(
    ({ character, format }) => ({
      character,
      format,
    }),
  );
  return { kind, base, mine, theirs, expected };
}

/** The paragraph's JSON as the editor saves it: consecutive characters of one format make a run. */
export function paragraphChunk(text: readonly StyledCharacter[], keyId = 'merge-case'): string {
  const runs: TextRun[] = [];
  for (const { character, format } of text) {
    const last = runs.at(-1);
    if (last?.format === format) last.text += character;
    else runs.push(run(character, format));
  }
  return JSON.stringify({ ...paragraph(...runs), key_id: keyId });
}

/**
 * Whether `merged`, without the typed letters, is the base with characters left out only: nothing of the base
 * doubled or invented. (Which of two equal characters a side deleted is a diff's guess, so which base characters
 * remain is not checked one by one; the disjoint cases check the whole result.)
 */
export function onlyDeletesFromBase(
  base: readonly StyledCharacter[],
  merged: readonly StyledCharacter[],
): boolean {
  const typed = MY_LETTERS + THEIR_LETTERS;
  let position = 0;
  for (const { character } of merged) {
    if (typed.includes(character)) continue;
    while (position < base.length && base[position]!.character !== character) position += 1;
    if (position === base.length) return false;
    position += 1;
  }
  return true;
}

/** The styled characters of a paragraph's JSON (text runs only, as `paragraphChunk` writes). */
export function styledCharacters(chunk: string): StyledCharacter[] {
  const paragraph = JSON.parse(chunk) as { children: { text: string; format: number }[] };
  return paragraph.children.flatMap((run) =>
    [...run.text].map((character) => ({ character, format: run.format })),
  );
}

/** How many of each typed letter `text` holds. */
export function letterCounts(text: readonly StyledCharacter[], letters: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { character } of text) {
    if (letters.includes(character)) counts.set(character, (counts.get(character) ?? 0) + 1);
  }
  return counts;
}

/** Typed characters of `typed` missing from `merged` (0 when every one of them is there). */
export function lostCharacters(
  typed: readonly StyledCharacter[],
  merged: readonly StyledCharacter[],
  letters: string,
): number {
  const present = letterCounts(merged, letters);
  let lost = 0;
  for (const [letter, count] of letterCounts(typed, letters))
    lost += Math.max(0, count - (present.get(letter) ?? 0));
  return lost;
}
