import { randomUUID } from 'node:crypto';
import type { Paragraph } from '../../../shared/schemas/paragraph';
import { normaliseText, PASTED_TAB_REPLACEMENT } from '../../../shared/text-normalisation';

/** Lexical's text format bits, as the editor stores them in a text run's `format`. */
export const TEXT_FORMAT = { bold: 1, italic: 2, strikethrough: 4, underline: 8 } as const;

export type Alignment = Paragraph['format'];

/** A stretch of text with one set of format bits. */
export interface StyledText {
  text: string;
  format: number;
}

/** A paragraph as an importer reads it, before the editor's rules are applied. */
export interface ParagraphDraft {
  alignment: Alignment;
  runs: StyledText[];
}

/**
 * Control characters carry no text (tabs are replaced before this applies); bidi overrides and isolates
 * only reorder what follows them, a trick rather than writing.
 */
const INVISIBLE_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;
const LEADING_WHITESPACE = /^[\s\u00A0]+/;
const TRAILING_WHITESPACE = /[\s\u00A0]+$/;
/** A scene break: '#', '***', '* * *', '~~~', '---' and the like, alone on its line. */
const SCENE_BREAK = /^(?:(?:#[ \t]*)+|(?:\*[ \t]*)+|(?:~[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;

/**
 * The editor's text normalisation (spec §5, the rules typing and paste apply):
 * curly quotes become straight ones, a double hyphen an em dash, a tab four spaces; invisible control and
 * bidi-override characters are dropped.
 */
export function normaliseImportedText(text: string): string {
  return normaliseText(text.replace(/\t/g, PASTED_TAB_REPLACEMENT).replace(INVISIBLE_CHARACTERS, '')).text;
}

export function isSceneBreak(text: string): boolean {
  return SCENE_BREAK.test(text.trim());
}

function textRun(text: string, format: number) {
  return { detail: 0, format, mode: 'normal', style: '', text, type: 'text' as const, version: 1 };
}

/** The editor's tab node as Lexical serialises it (unmergeable, hence `detail` 2). */
function tabRun() {
  return { detail: 2, format: 0, mode: 'normal', style: '', text: '\t', type: 'tab' as const, version: 1 };
}

function paragraphJson(alignment: Alignment, children: Paragraph['children']): Paragraph {
  const keyId = randomUUID();
  return {
    type: 'custom-paragraph',
    version: 1,
    key_id: keyId,
    format: alignment,
    indent: 0,
    direction: null,
    textFormat: 0,
    textStyle: '',
    children,
  };
}

/** Adjacent runs with the same format as one, empty runs dropped. */
function mergeRuns(runs: readonly StyledText[]): StyledText[] {
  const merged: StyledText[] = [];
  for (const run of runs) {
    if (run.text === '') continue;
    const previous = merged[merged.length - 1];
    if (previous && previous.format === run.format) previous.text += run.text;
    else merged.push({ ...run });
  }
  return merged;
}

/** Strips leading whitespace across runs; returns what was stripped. */
function stripLeadingWhitespace(runs: StyledText[]): void {
  while (runs.length > 0) {
    const first = runs[0]!;
    first.text = first.text.slice(LEADING_WHITESPACE.exec(first.text)?.[0].length ?? 0);
    if (first.text !== '') break;
    runs.shift();
  }
}

function stripTrailingWhitespace(runs: StyledText[]): void {
  while (runs.length > 0) {
    const last = runs[runs.length - 1]!;
    last.text = last.text.replace(TRAILING_WHITESPACE, '');
    if (last.text !== '') break;
    runs.pop();
  }
}

export function plainText(draft: ParagraphDraft): string {
  return draft.runs.map((run) => run.text).join('');
}

/**
 * The stored paragraph JSON for a draft, with a fresh key_id and without its leading whitespace (indents
 * follow the story's autotab rule, see `withAutotab`); a scene break keeps its text as written (normalising
 * would turn '---' into an em dash).
 */
export function buildParagraph(draft: ParagraphDraft): Paragraph {
  const runs = mergeRuns(draft.runs);
  stripLeadingWhitespace(runs);
  stripTrailingWhitespace(runs);
  const text = runs.map((run) => run.text).join('');
  if (text !== '' && isSceneBreak(text)) {
    return paragraphJson(draft.alignment, [textRun(text, runs[0]!.format)]);
  }
  const children: Paragraph['children'] = mergeRuns(
    runs.map((run) => ({ text: normaliseImportedText(run.text), format: run.format })),
  ).map((run) => textRun(run.text, run.format));
  return paragraphJson(draft.alignment, children);
}

/** Alignments a tab at the start reads as an indent in (not centred or right-aligned text). */
const BODY_ALIGNMENTS: ReadonlySet<Alignment> = new Set(['', 'left', 'start', 'justify']);

/**
 * A chapter's paragraphs under the autotab rule (spec §4) as typing applies it: with the setting on, every
 * paragraph after the chapter's first starts with a tab. Imported text follows it rather than the source's own
 * indents, so typed and imported paragraphs look alike; centred and right-aligned paragraphs, blank ones and
 * scene breaks are left as they are.
 */
export function withAutotab<Stored extends Paragraph>(
  paragraphs: readonly Stored[],
  autotab: boolean,
): Stored[] {
  return paragraphs.map((paragraph, index) => {
    const [first] = paragraph.children;
    const text = paragraph.children.map((child) => ('text' in child ? child.text : '')).join('');
    const starts =
      autotab &&
      index > 0 &&
      first !== undefined &&
      first.type !== 'tab' &&
      BODY_ALIGNMENTS.has(paragraph.format) &&
      !isSceneBreak(text);
    return starts ? { ...paragraph, children: [tabRun(), ...paragraph.children] } : paragraph;
  });
}

/** Whether a draft holds no visible text. */
export function isBlank(draft: ParagraphDraft): boolean {
  return draft.runs.every((run) => run.text.trim() === '');
}
