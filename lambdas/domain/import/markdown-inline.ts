import { type StyledText, TEXT_FORMAT } from './paragraph-builder';

type DelimiterCharacter = '*' | '_' | '~';

type Token =
  | { kind: 'text'; text: string; format: number }
  | {
      kind: 'delimiter';
      character: DelimiterCharacter;
      length: number;
      canOpen: boolean;
      canClose: boolean;
      format: number;
    }
  | { kind: 'tag'; format: number; closing: boolean };

/** HTML tags authors put in Markdown for what it lacks (underline) or as an alternative spelling. */
const TAG_FORMATS: Record<string, number> = {
  u: TEXT_FORMAT.underline,
  ins: TEXT_FORMAT.underline,
  b: TEXT_FORMAT.bold,
  strong: TEXT_FORMAT.bold,
  i: TEXT_FORMAT.italic,
  em: TEXT_FORMAT.italic,
  s: TEXT_FORMAT.strikethrough,
  del: TEXT_FORMAT.strikethrough,
  strike: TEXT_FORMAT.strikethrough,
};
const TAG = /^<(\/?)([a-z]+)\s*>/i;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const UNICODE_PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/;

function isPunctuation(character: string): boolean {
  return UNICODE_PUNCTUATION.test(character);
}

/**
 * CommonMark's flanking rules, which decide whether `*`, `_` or `~~` may open or close emphasis: `_` inside a
 * word (snake_case) never does, `*` may.
 */
function delimiterToken(character: DelimiterCharacter, length: number, before: string, after: string): Token {
  const beforeIsSpace = before === '' || WHITESPACE.test(before);
  const afterIsSpace = after === '' || WHITESPACE.test(after);
  const leftFlanking = !afterIsSpace && (!isPunctuation(after) || beforeIsSpace || isPunctuation(before));
  const rightFlanking = !beforeIsSpace && (!isPunctuation(before) || afterIsSpace || isPunctuation(after));
  const canOpen =
    character === '_' ? leftFlanking && (!rightFlanking || isPunctuation(before)) : leftFlanking;
  const canClose =
    character === '_' ? rightFlanking && (!leftFlanking || isPunctuation(after)) : rightFlanking;
  return { kind: 'delimiter', character, length, canOpen, canClose, format: 0 };
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let text = '';
  const pushText = () => {
    if (text !== '') tokens.push({ kind: 'text', text, format: 0 });
    text = '';
  };
  let index = 0;
  while (index < source.length) {
    const character = source[index]!;
    if (character === '\\' && ASCII_PUNCTUATION.test(source[index + 1] ?? '')) {
      text += source[index + 1];
      index += 2;
    } else if (character === '`') {
      const fence = /^`+/.exec(source.slice(index))![0];
      const end = source.indexOf(fence, index + fence.length);
      if (end < 0) {
        text += fence;
        index += fence.length;
      } else {
        text += source.slice(index + fence.length, end).trim();
        index = end + fence.length;
      }
    } else if (character === '*' || character === '_' || character === '~') {
      const run = new RegExp(`^\\${character}+`).exec(source.slice(index))![0];
      if (character === '~' && run.length !== 2) {
        text += run;
      } else {
        pushText();
        tokens.push(
          delimiterToken(character, run.length, source[index - 1] ?? '', source[index + run.length] ?? ''),
        );
      }
      index += run.length;
    } else if (character === '<' && TAG.test(source.slice(index))) {
      const [tag, slash, name] = TAG.exec(source.slice(index))!;
      const format = TAG_FORMATS[name!.toLowerCase()];
      if (format !== undefined) {
        pushText();
        tokens.push({ kind: 'tag', format, closing: slash === '/' });
      } else {
        text += tag;
      }
      index += tag.length;
    } else {
      text += character;
      index += 1;
    }
  }
  pushText();
  return tokens;
}

/** Pairs openers with closers (CommonMark's delimiter algorithm, simplified) and marks the text between. */
function applyEmphasis(tokens: Token[]): void {
  for (let closerIndex = 0; closerIndex < tokens.length; closerIndex += 1) {
    const closer = tokens[closerIndex]!;
    if (closer.kind !== 'delimiter' || !closer.canClose) continue;
    while (closer.length > 0) {
      let openerIndex = closerIndex - 1;
      for (; openerIndex >= 0; openerIndex -= 1) {
        const candidate = tokens[openerIndex]!;
        if (
          candidate.kind === 'delimiter' &&
          candidate.character === closer.character &&
          candidate.canOpen &&
          candidate.length > 0
        ) {
          break;
        }
      }
      const opener = tokens[openerIndex];
      if (!opener || opener.kind !== 'delimiter') break;
      const used = closer.character === '~' || (opener.length >= 2 && closer.length >= 2) ? 2 : 1;
      const format =
        closer.character === '~'
          ? TEXT_FORMAT.strikethrough
          : used === 2
            ? TEXT_FORMAT.bold
            : TEXT_FORMAT.italic;
      for (let index = openerIndex + 1; index < closerIndex; index += 1) {
        const token = tokens[index]!;
        if (token.kind === 'tag') continue;
        token.format |= format;
        // Delimiters inside a matched pair can no longer pair across its edges.
        if (token.kind === 'delimiter') token.canOpen = token.canClose = false;
      }
      opener.length -= used;
      closer.length -= used;
    }
  }
}

/**
 * A Markdown paragraph's inline content as formatted text: `*`/`_` italic, `**`/`__` bold, `~~` strikethrough,
 * `<u>` underline (and `<b>`, `<i>`, `<s>` and their kin), code spans as their text, backslash escapes.
 */
export function parseMarkdownInline(source: string): StyledText[] {
  const withoutImages = source.replace(/!\[([^\]]*)\]\([^)]*\)/g, '');
  const withLinkText = withoutImages.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  const tokens = tokenize(withLinkText);
  applyEmphasis(tokens);
  const runs: StyledText[] = [];
  const openTags = new Map<number, number>();
  for (const token of tokens) {
    if (token.kind === 'tag') {
      const depth = (openTags.get(token.format) ?? 0) + (token.closing ? -1 : 1);
      openTags.set(token.format, Math.max(0, depth));
      continue;
    }
    let tagFormat = 0;
    for (const [format, depth] of openTags) if (depth > 0) tagFormat |= format;
    const text = token.kind === 'text' ? token.text : token.character.repeat(token.length);
    const format = token.format | tagFormat;
    const previous = runs[runs.length - 1];
    if (previous?.format === format) previous.text += text;
    else if (text !== '') runs.push({ text, format });
  }
  return runs;
}
