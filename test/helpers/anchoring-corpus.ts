/**
 * Generated edits for testing and benchmarking `reanchor`: a chapter of prose, a quoted range of whole words,
 * one edit of the kinds authors make, and where the quoted words truly are afterwards. Used by the property test
 * and the bench alike, so both judge by the same rule. Seeded, with no test-framework dependency.
 */
import { anchorOf, type AnchorParagraph, type AnchorResult, type TextAnchor } from '../../shared/anchoring';

export const EDIT_KINDS = [
  'inserted-elsewhere',
  'deleted-elsewhere',
  'word-changed-inside',
  'paragraph-moved',
  'paragraph-split',
  'paragraphs-merged',
  'version-restored',
  'quote-deleted',
] as const;
export type EditKind = (typeof EDIT_KINDS)[number];

export interface AnchoringCase {
  kind: EditKind;
  /** The anchor as stored before the edit. */
  anchor: TextAnchor;
  /** The chapter after the edit. */
  paragraphs: AnchorParagraph[];
  /** Where the quoted words are after the edit; null when they were deleted. */
  truth: { key_id: string; start: number; end: number } | null;
}

const COMMON_WORDS = [
  'the',
  'a',
  'and',
  'of',
  'to',
  'in',
  'was',
  'she',
  'he',
  'it',
  'that',
  'with',
  'her',
  'his',
  'on',
  'at',
  'for',
  'as',
  'but',
  'not',
  'had',
  'they',
  'from',
  'by',
  'into',
  'then',
  'there',
  'when',
  'door',
  'light',
  'said',
  'looked',
  'hand',
  'night',
  'old',
  'long',
  'back',
  'down',
  'away',
  'again',
];
const SYLLABLES = [
  'ka',
  'ren',
  'dor',
  'el',
  'mi',
  'tha',
  'lor',
  'vin',
  'sa',
  'bri',
  'an',
  'zo',
  'quel',
  'ost',
  'um',
];
const PUNCTUATION = ['', '', '', '', '', '', ',', '.', ';', '!', '?'];
/** Share of words that are distinctive: real prose repeats its small words, not its phrases. */
const DISTINCTIVE_SHARE = 0.35;

type Random = () => number;
const integer = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function word(random: Random): string {
  let text = '';
  if (random() < DISTINCTIVE_SHARE) {
    for (let count = integer(random, 2, 4); count > 0; count -= 1) text += pick(random, SYLLABLES);
  } else {
    text = pick(random, COMMON_WORDS);
  }
  return text + pick(random, PUNCTUATION);
}

const words = (random: Random, count: number) => Array.from({ length: count }, () => word(random));

interface WordParagraph {
  key_id: string;
  words: string[];
}

const toParagraph = (paragraph: WordParagraph): AnchorParagraph => ({
  key_id: paragraph.key_id,
  text: paragraph.words.join(' '),
});

/** Character offsets of words [from, to) in the paragraph's text (words joined by single spaces). */
function offsets(
  paragraphWords: readonly string[],
  from: number,
  to: number,
): { start: number; end: number } {
  const start = paragraphWords.slice(0, from).reduce((length, each) => length + each.length + 1, 0);
  const end = start + paragraphWords.slice(from, to).join(' ').length;
  return { start, end };
}

/** A word range [from, to) in the quoted paragraph, tracked through the edit. */
interface Quote {
  index: number;
  from: number;
  to: number;
}

/** Inserts or deletes a few words outside the quote, keeping track of where the quote goes. */
function editOutside(random: Random, paragraph: WordParagraph, quote: Quote, deleting: boolean): void {
  const length = paragraph.words.length;
  const roomBefore = quote.from;
  const roomAfter = length - quote.to;
  if (deleting && roomBefore + roomAfter > 0) {
    const before = roomAfter === 0 || (roomBefore > 0 && random() < 0.5);
    const room = before ? roomBefore : roomAfter;
    const count = integer(random, 1, Math.min(5, room));
    const at = before ? integer(random, 0, roomBefore - count) : integer(random, quote.to, length - count);
    paragraph.words.splice(at, count);
    if (before) {
      quote.from -= count;
      quote.to -= count;
    }
    return;
  }
  const count = integer(random, 1, 5);
  const at = random() < 0.5 ? integer(random, 0, quote.from) : integer(random, quote.to, length);
  paragraph.words.splice(at, 0, ...words(random, count));
  if (at <= quote.from) {
    quote.from += count;
    quote.to += count;
  }
}

/** One generated case; `kind` is random unless given. */
export function generateCase(random: Random, kind: EditKind = pick(random, EDIT_KINDS)): AnchoringCase {
  const chapter: WordParagraph[] = Array.from({ length: integer(random, 3, 8) }, (_, index) => ({
    key_id: `p${index}`,
    words: words(random, integer(random, 14, 70)),
  }));
  const index = integer(random, 0, chapter.length - 1);
  const quoted = chapter[index]!;
  const quoteLength = integer(random, kind === 'word-changed-inside' ? 4 : 1, 12);
  const from = integer(random, 0, quoted.words.length - quoteLength);
  const quote: Quote = { index, from, to: from + quoteLength };

  // The version the comment was made on is an edited one; the author then restores the earlier version.
  if (kind === 'version-restored') {
    const restored = { ...quoted, words: [...quoted.words] };
    const original = { ...quote };
    for (let edits = integer(random, 1, 3); edits > 0; edits -= 1)
      editOutside(random, quoted, quote, random() < 0.5);
    const anchor = anchorOf(toParagraph(quoted), ...spanOf(quoted, quote));
    chapter[index] = restored;
    return finish(kind, anchor, chapter, original);
  }

  const anchor = anchorOf(toParagraph(quoted), ...spanOf(quoted, quote));
  switch (kind) {
    case 'inserted-elsewhere':
    case 'deleted-elsewhere':
      editOutside(random, quoted, quote, kind === 'deleted-elsewhere');
      break;
    case 'word-changed-inside': {
      const changed = integer(random, quote.from, quote.to - 1);
      // A different word, not the same word with other punctuation (which leaves the quote's words in place).
      const bare = (text: string) => text.replace(/[,.;!?]$/, '');
      let replacement = word(random);
      while (bare(replacement) === bare(quoted.words[changed]!)) replacement = word(random);
      quoted.words[changed] = replacement;
      break;
    }
    case 'paragraph-moved': {
      chapter.splice(index, 1);
      const to = integer(random, 0, chapter.length);
      chapter.splice(to, 0, quoted);
      quote.index = to;
      break;
    }
    case 'paragraph-split': {
      // Split at a word boundary outside the quote; the first half keeps the key, as an editor's Enter does.
      const boundaries = [...Array(quoted.words.length - 1).keys()]
        .map((at) => at + 1)
        .filter((at) => at <= quote.from || at >= quote.to);
      if (boundaries.length === 0) break;
      const at = pick(random, boundaries);
      const second: WordParagraph = { key_id: `${quoted.key_id}-split`, words: quoted.words.splice(at) };
      chapter.splice(index + 1, 0, second);
      if (quote.from >= at) {
        quote.index = index + 1;
        quote.from -= at;
        quote.to -= at;
      }
      break;
    }
    case 'paragraphs-merged': {
      // Merging keeps the first paragraph's key, whichever of the two holds the quote.
      const withPrevious = index > 0 && (index === chapter.length - 1 || random() < 0.5);
      const first = withPrevious ? chapter[index - 1]! : quoted;
      const second = withPrevious ? quoted : chapter[index + 1]!;
      if (withPrevious) {
        quote.index = index - 1;
        quote.from += first.words.length;
        quote.to += first.words.length;
      }
      first.words.push(...second.words);
      chapter.splice(chapter.indexOf(second), 1);
      break;
    }
    case 'quote-deleted':
      quoted.words.splice(quote.from, quote.to - quote.from);
      return { kind, anchor, paragraphs: chapter.map(toParagraph), truth: null };
  }
  return finish(kind, anchor, chapter, quote);
}

function spanOf(paragraph: WordParagraph, quote: Quote): [number, number] {
  const { start, end } = offsets(paragraph.words, quote.from, quote.to);
  return [start, end];
}

function finish(kind: EditKind, anchor: TextAnchor, chapter: WordParagraph[], quote: Quote): AnchoringCase {
  const paragraph = chapter[quote.index]!;
  return {
    kind,
    anchor,
    paragraphs: chapter.map(toParagraph),
    truth: { key_id: paragraph.key_id, ...offsets(paragraph.words, quote.from, quote.to) },
  };
}

/** Whether a deleted quote's text still occurs somewhere in the chapter (then detaching is not required). */
export function quoteStillOccurs(testCase: AnchoringCase): boolean {
  return testCase.paragraphs.some((paragraph) => paragraph.text.includes(testCase.anchor.exact));
}

export type Verdict = 'right' | 'wrong' | 'detached';

/** Right: on exactly the true words (or detached when they are gone); wrong: anywhere else. */
export function judge(testCase: AnchoringCase, result: AnchorResult): Verdict {
  if (result.state === 'detached') return testCase.truth === null ? 'right' : 'detached';
  const { truth } = testCase;
  return truth !== null &&
    result.anchor.key_id === truth.key_id &&
    result.anchor.start === truth.start &&
    result.anchor.end === truth.end
    ? 'right'
    : 'wrong';
}
