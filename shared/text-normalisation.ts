/**
 * Spec §5 text normalisation, shared by typing and paste: a double hyphen becomes an em dash and curly quotes
 * become straight ones. Pure functions, shared by the editor and the manuscript importers, so the rules are
 * tested without an editor and hold the same wherever text comes in.
 */

export const EM_DASH = '\u2014';
/** Spec §5/§9: a tab in pasted text becomes four spaces. */
export const PASTED_TAB_REPLACEMENT = '    ';
/** Spec §5/§9: pasting more than this many paragraphs warns the author first. */
export const LARGE_PASTE_PARAGRAPHS = 100;
export const LARGE_PASTE_WARNING = "You're pasting a lot of paragraphs. This may take awhile to process...";

const SINGLE_CURLY_QUOTES = /[\u2018\u2019\u201A\u201B]/g;
const DOUBLE_CURLY_QUOTES = /[\u201C\u201D\u201E\u201F]/g;
/** A cheap test run on every typed change before any rewriting is attempted. */
const NEEDS_NORMALISATION = /--|[\u2018\u2019\u201A\u201B\u201C\u201D\u201E\u201F]/;

export interface NormalisedText {
  text: string;
  /** Where a caret at `offset` in the original text belongs in the normalised text. */
  mapOffset: (offset: number) => number;
}

/** Curly quotes as straight ones (spec §5); the one quote rule of the editor, paste, imports and titles. */
export function straightenQuotes(text: string): string {
  return text.replace(SINGLE_CURLY_QUOTES, "'").replace(DOUBLE_CURLY_QUOTES, '"');
}

export function needsNormalisation(text: string): boolean {
  return NEEDS_NORMALISATION.test(text);
}

/**
 * Normalises `text` and reports how offsets move: quotes keep their length, each '--' shrinks by one
 * character, so a caret after a replaced dash moves back with it.
 */
export function normaliseText(text: string): NormalisedText {
  const straightened = straightenQuotes(text);
  /** Original offsets just past each replaced '--', in order. */
  const dashEnds: number[] = [];
  const normalised = straightened.replace(/--/g, (_match, index: number) => {
    dashEnds.push(index + 2);
    return EM_DASH;
  });
  return {
    text: normalised,
    mapOffset: (offset) => {
      let shift = 0;
      for (const end of dashEnds) {
        if (offset >= end) shift += 1;
        // A caret between the two hyphens lands after the dash that replaced them.
        else if (offset === end - 1) return offset - shift;
        else break;
      }
      return offset - shift;
    },
  };
}

export interface PasteOptions {
  autotab: boolean;
  /** Whether the first pasted line starts a paragraph (the caret is at the start of an empty-so-far paragraph). */
  firstLineStartsParagraph: boolean;
}

/** Pasted text's lines, whatever the source's line endings; a single trailing line break adds no line. */
export function splitPastedLines(raw: string): string[] {
  const lines = raw.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * Spec §5 paste rules: one paragraph per line, tabs as four spaces, normalised punctuation, and with autotab
 * a leading tab on each paragraph that starts one (the first line only when it lands at a paragraph start).
 * The tab replaces any indentation the source had, so text copied from another manuscript is not indented
 * twice. Blank lines stay blank paragraphs without a tab.
 */
export function pastedTextToParagraphs(raw: string, options: PasteOptions): string[] {
  return splitPastedLines(raw).map((line, index) => {
    const text = normaliseText(line.replace(/\t/g, PASTED_TAB_REPLACEMENT)).text;
    const startsParagraph = index > 0 || options.firstLineStartsParagraph;
    if (!options.autotab || !startsParagraph || text.trim() === '') return text;
    return `\t${text.replace(/^[ \u00A0]+/, '')}`;
  });
}

/** A stretch of pasted text with its formatting (Lexical's format bits: bold, italic, underline, ...). */
export interface PastedRun {
  text: string;
  format: number;
}

/**
 * The same rules for formatted paste (an HTML clipboard read into lines of runs): each run's tabs become four
 * spaces and its punctuation is normalised, keeping its formatting; with autotab a paragraph-starting line
 * loses its leading indentation and starts with a tab run ('\t', unformatted) instead.
 */
export function pastedRunsToParagraphs(lines: readonly PastedRun[][], options: PasteOptions): PastedRun[][] {
  return lines.map((line, index) => {
    const runs = line
      .map((run) => ({
        text: normaliseText(run.text.replace(/\t/g, PASTED_TAB_REPLACEMENT)).text,
        format: run.format,
      }))
      .filter((run) => run.text !== '');
    const startsParagraph = index > 0 || options.firstLineStartsParagraph;
    const blank = runs.every((run) => run.text.trim() === '');
    if (!options.autotab || !startsParagraph || blank) return runs;
    while (runs.length > 0) {
      runs[0]!.text = runs[0]!.text.replace(/^[ \u00A0]+/, '');
      if (runs[0]!.text !== '') break;
      runs.shift();
    }
    return [{ text: '\t', format: 0 }, ...runs];
  });
}

const WORD_CHARACTER = /[\p{L}\p{N}_'\u2019-]/u;

/**
 * The word around `offset` as [start, end), or null when the offset touches no word character. Used for
 * double-click and double-tap word selection, so a word is selected without its trailing space.
 */
export function wordBoundsAt(text: string, offset: number): [number, number] | null {
  const isWordCharacter = (index: number) =>
    index >= 0 && index < text.length && WORD_CHARACTER.test(text[index]!);
  let anchor = offset;
  if (!isWordCharacter(anchor)) anchor = offset - 1;
  if (!isWordCharacter(anchor)) return null;
  let start = anchor;
  while (isWordCharacter(start - 1)) start -= 1;
  let end = anchor + 1;
  while (isWordCharacter(end)) end += 1;
  return [start, end];
}
