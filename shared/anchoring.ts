/**
 * Text anchors for comments and suggestions (W3C Web Annotation TextQuoteSelector + TextPositionSelector, the
 * way Hypothesis re-finds them): the quote with its surrounding context, and its offsets as a hint. When the
 * author edits, `reanchor` re-finds the quote; a comment must never land on the wrong words, so anything that is
 * not clearly the same place is reported as detached.
 *
 * Shared by the lambdas and the web app: no Node-only APIs.
 */
import DiffMatchPatch from 'diff-match-patch';

export const ANCHOR_CONTEXT_LENGTH = 32;

/** Where a comment or suggestion sits: the paragraph (block key_id), the quoted text, up to 32 chars before/after, and the quote's offsets in the paragraph's text as a hint. */
export interface TextAnchor {
  key_id: string;
  exact: string;
  prefix: string;
  suffix: string;
  start: number;
  end: number;
}

/** One of a chapter's paragraphs, in order; `text` is its visible text. */
export interface AnchorParagraph {
  key_id: string;
  text: string;
}

export type AnchorState = 'anchored' | 'moved' | 'detached';

/** `anchor` is the current position (the stored anchor itself when detached). */
export interface AnchorResult {
  state: AnchorState;
  anchor: TextAnchor;
}

/** The anchor of [start, end) of a paragraph's text, with its prefix and suffix. */
export function anchorOf(paragraph: AnchorParagraph, start: number, end: number): TextAnchor {
  const from = Math.max(0, Math.min(start, paragraph.text.length));
  const to = Math.max(from, Math.min(end, paragraph.text.length));
  return {
    key_id: paragraph.key_id,
    exact: paragraph.text.slice(from, to),
    prefix: paragraph.text.slice(Math.max(0, from - ANCHOR_CONTEXT_LENGTH), from),
    suffix: paragraph.text.slice(to, to + ANCHOR_CONTEXT_LENGTH),
    start: from,
    end: to,
  };
}

/**
 * Context (the mean similarity of prefix and suffix) an exact occurrence needs, by quote length: a long quote
 * is distinctive by itself, a word of a few letters occurs all over a chapter and only its context says which.
 */
function contextNeededForExact(quoteLength: number): number {
  if (quoteLength >= 12) return 0;
  if (quoteLength >= 4) return 0.5;
  return 0.6;
}
/** An exact occurrence in another paragraph wins over the home paragraph's only with clearly better context. */
const OTHER_PARAGRAPH_CONTEXT_MARGIN = 0.25;
/**
 * One side of context unchanged for this many characters next to the quote places a quote however short: an
 * edit right against a quote changes only one side, and 16 characters recurring beside the same words is no chance.
 */
const ONE_SIDE_CONVINCES = 16;
/** Contexts this close are a tie, which the hint decides: context edited on both sides is weak evidence. */
const CONTEXT_TIE = 0.05;
/** Insertion points have no quote: both sides of context together must say where they are. */
const CONTEXT_NEEDED_FOR_INSERTION_POINT = 0.7;
/** Below this length a fuzzy match is as likely to be other words as the quote, so there is none. */
const FUZZY_MIN_QUOTE_LENGTH = 8;
/**
 * A fuzzy candidate must be this similar to the quote in words (1 − Levenshtein / length, counted in words): one
 * word changed in four is an edit of the quote, a word more or less in a short quote is other words. By
 * characters it need only be loosely similar, as one short word can become a long one ...
 */
const FUZZY_WORD_SIMILARITY = 0.75;
const FUZZY_CHARACTER_SIMILARITY = 0.4;
/** ... and to its context: a quote edited in place keeps its surroundings, other words do not. */
const FUZZY_CONTEXT_SIMILARITY = 0.6;
/** How far (characters) a fuzzy match's ends may be moved to land on the word boundaries the quote had. */
const BOUNDARY_SLACK = 16;
/** Bitap's loose first pass; the similarity checks above are what decide. */
const MATCH_THRESHOLD = 0.5;
/** Within the home paragraph a match near the hint is likelier; elsewhere the position means nothing. */
const HOME_MATCH_DISTANCE = 1_000;
const ANYWHERE_MATCH_DISTANCE = 1_000_000;

const dmp = new DiffMatchPatch();
dmp.Match_Threshold = MATCH_THRESHOLD;
/** match_bitap throws ("Pattern too long") above this many characters, so longer quotes are matched by pieces. */
const MAX_PATTERN = dmp.Match_MaxBits;

interface Candidate {
  paragraph: AnchorParagraph;
  start: number;
  end: number;
  /** Mean similarity of the stored prefix and suffix to the text around [start, end), 0–1. */
  context: number;
  /** How many characters of the stored prefix or suffix (the longer run) still touch the quote unchanged. */
  strongestSide: number;
}

/** Re-finds a stored anchor in the chapter's current paragraphs. */
export function reanchor(anchor: TextAnchor, paragraphs: readonly AnchorParagraph[]): AnchorResult {
  const home = paragraphs.find((paragraph) => paragraph.key_id === anchor.key_id);
  const others = paragraphs.filter((paragraph) => paragraph !== home);
  const found =
    anchor.exact === '' ? findInsertionPoint(anchor, home, others) : findQuote(anchor, home, others);
  if (!found) return { state: 'detached', anchor };
  const current = anchorOf(found.paragraph, found.start, found.end);
  const unmoved =
    current.key_id === anchor.key_id &&
    current.start === anchor.start &&
    current.end === anchor.end &&
    current.exact === anchor.exact;
  return { state: unmoved ? 'anchored' : 'moved', anchor: current };
}

/** Exact in the home paragraph, fuzzy there, exact elsewhere, fuzzy elsewhere: the first that convinces. */
function findQuote(
  anchor: TextAnchor,
  home: AnchorParagraph | undefined,
  others: readonly AnchorParagraph[],
): Candidate | undefined {
  const needed = contextNeededForExact(anchor.exact.length);
  const bestHome = home ? bestExact(anchor, [home]) : undefined;
  const bestOther = bestExact(anchor, others);
  // A split or merge can leave a repeated phrase in the home paragraph while the quoted one moved away.
  const otherClearlyBetter =
    bestOther !== undefined &&
    bestHome !== undefined &&
    bestOther.context > bestHome.context + OTHER_PARAGRAPH_CONTEXT_MARGIN;
  const convincing = (candidate: Candidate | undefined): candidate is Candidate =>
    candidate !== undefined && (candidate.context >= needed || candidate.strongestSide >= ONE_SIDE_CONVINCES);
  if (convincing(bestHome) && !otherClearlyBetter) return bestHome;
  const fuzzyHome = home ? fuzzyIn(anchor, home, anchor.start, HOME_MATCH_DISTANCE) : undefined;
  if (fuzzyHome) return fuzzyHome;
  if (convincing(bestOther)) return bestOther;
  return best(
    others.map((paragraph) => fuzzyIn(anchor, paragraph, 0, ANYWHERE_MATCH_DISTANCE)),
    anchor,
  );
}

/** The exact occurrence with the best context; ties go to the one nearest the hint. */
function bestExact(anchor: TextAnchor, paragraphs: readonly AnchorParagraph[]): Candidate | undefined {
  const candidates: Candidate[] = [];
  for (const paragraph of paragraphs) {
    for (
      let at = paragraph.text.indexOf(anchor.exact);
      at !== -1;
      at = paragraph.text.indexOf(anchor.exact, at + 1)
    ) {
      const end = at + anchor.exact.length;
      // "door" inside "doorway" is not the quoted word when the quote was whole words.
      if (!keepsWordBoundaries(anchor, paragraph.text, at, end)) continue;
      candidates.push({
        paragraph,
        start: at,
        end,
        ...contextSimilarity(anchor, paragraph.text, at, end),
      });
    }
  }
  return best(candidates, anchor);
}

/** An insertion point is wherever the stored prefix ends or the stored suffix begins, judged by both. */
function findInsertionPoint(
  anchor: TextAnchor,
  home: AnchorParagraph | undefined,
  others: readonly AnchorParagraph[],
): Candidate | undefined {
  // An insertion point in an empty paragraph has no context at all: it stays while its paragraph stays empty.
  if (anchor.prefix === '' && anchor.suffix === '')
    return home?.text === ''
      ? { paragraph: home, start: 0, end: 0, context: 1, strongestSide: 0 }
      : undefined;
  const pointsIn = (paragraph: AnchorParagraph): Candidate[] => {
    const points = new Set<number>();
    if (anchor.prefix !== '') {
      for (
        let at = paragraph.text.indexOf(anchor.prefix);
        at !== -1;
        at = paragraph.text.indexOf(anchor.prefix, at + 1)
      )
        points.add(at + anchor.prefix.length);
    }
    if (anchor.suffix !== '') {
      for (
        let at = paragraph.text.indexOf(anchor.suffix);
        at !== -1;
        at = paragraph.text.indexOf(anchor.suffix, at + 1)
      )
        points.add(at);
    }
    return [...points].map((at) => ({
      paragraph,
      start: at,
      end: at,
      ...contextSimilarity(anchor, paragraph.text, at, at),
    }));
  };
  const convincing = (candidate: Candidate | undefined) =>
    candidate && candidate.context >= CONTEXT_NEEDED_FOR_INSERTION_POINT ? candidate : undefined;
  return (
    convincing(home ? best(pointsIn(home), anchor) : undefined) ??
    convincing(best(others.flatMap(pointsIn), anchor))
  );
}

/**
 * A fuzzy match of the quote in one paragraph: bitap (diff-match-patch `match_main`) finds where the quote's
 * first and last 32 characters roughly are, the ends are moved to the word boundaries the quote had, and the
 * span is kept only if both the quote and its context are clearly similar.
 */
function fuzzyIn(
  anchor: TextAnchor,
  paragraph: AnchorParagraph,
  expectedStart: number,
  matchDistance: number,
): Candidate | undefined {
  const quote = anchor.exact;
  if (quote.length < FUZZY_MIN_QUOTE_LENGTH || !holdsEnoughOfTheWords(quote, paragraph.text))
    return undefined;
  dmp.Match_Distance = matchDistance;
  const head = quote.slice(0, MAX_PATTERN);
  const tail = quote.slice(-MAX_PATTERN);
  const headAt = dmp.match_main(paragraph.text, head, expectedStart);
  const tailAt =
    quote.length <= MAX_PATTERN
      ? headAt
      : dmp.match_main(paragraph.text, tail, expectedStart + quote.length - tail.length);
  const roughSpans: [number, number][] = [];
  if (headAt !== -1) roughSpans.push([headAt, headAt + quote.length]);
  if (tailAt !== -1 && tailAt !== headAt)
    roughSpans.push([tailAt + tail.length - quote.length, tailAt + tail.length]);
  if (headAt !== -1 && tailAt !== -1 && tailAt !== headAt) {
    const length = tailAt + tail.length - headAt;
    // Both pieces found at a plausible distance: the quote with an edit in its middle.
    if (length >= quote.length / 2 && length <= quote.length * 1.5)
      roughSpans.push([headAt, tailAt + tail.length]);
  }
  const spans = new Map<string, [number, number]>();
  for (const [roughStart, roughEnd] of roughSpans)
    for (const span of refinedSpans(anchor, paragraph.text, roughStart, roughEnd))
      spans.set(span.join(), span);
  // Character similarity first, bounded so that hopeless spans cost little; the rest only for plausible ones.
  let top: { candidate: Candidate; score: number } | undefined;
  for (const [start, end] of spans.values()) {
    const text = paragraph.text.slice(start, end);
    const longer = Math.max(quote.length, text.length);
    const maxDistance = Math.floor((1 - FUZZY_CHARACTER_SIMILARITY) * longer);
    const distance = levenshtein(quote, text, maxDistance);
    if (distance > maxDistance) continue;
    const words = wordSimilarity(quote, text);
    if (words < FUZZY_WORD_SIMILARITY) continue;
    const context = contextSimilarity(anchor, paragraph.text, start, end);
    const score = words + 1 - distance / longer + context.context;
    if (!top || score > top.score) top = { candidate: { paragraph, start, end, ...context }, score };
  }
  if (!top || top.candidate.context < FUZZY_CONTEXT_SIMILARITY) return undefined;
  return top.candidate;
}

/**
 * Whether the text holds enough of the quote's words for a fuzzy match to pass the word similarity at all: a
 * cheap test that spares bitap the paragraphs the quote is plainly not in.
 */
function holdsEnoughOfTheWords(quote: string, text: string): boolean {
  const quoteWords = words(quote);
  const allowedMissing = Math.floor((1 - FUZZY_WORD_SIMILARITY) * quoteWords.length);
  let missing = 0;
  for (const word of quoteWords) if (!text.includes(word) && ++missing > allowedMissing) return false;
  return true;
}

/** Spans near a rough match whose ends sit on word boundaries wherever the stored quote's ends did. */
function refinedSpans(
  anchor: TextAnchor,
  text: string,
  roughStart: number,
  roughEnd: number,
): [number, number][] {
  const { startsOnWord, endsOnWord } = wordBoundaries(anchor);
  const near = (rough: number, onBoundary: (at: number) => boolean, wanted: boolean) => {
    const clamped = Math.max(0, Math.min(rough, text.length));
    if (!wanted) return [clamped];
    const positions: number[] = [];
    for (
      let at = Math.max(0, clamped - BOUNDARY_SLACK);
      at <= Math.min(text.length, clamped + BOUNDARY_SLACK);
      at += 1
    )
      if (onBoundary(at)) positions.push(at);
    return positions;
  };
  const spans: [number, number][] = [];
  for (const start of near(roughStart, (at) => isWordStart(text, at), startsOnWord))
    for (const end of near(roughEnd, (at) => isWordEnd(text, at), endsOnWord))
      // One changed word changes the length by about a word's length, no more.
      if (end > start && Math.abs(end - start - anchor.exact.length) <= BOUNDARY_SLACK)
        spans.push([start, end]);
  return spans;
}

/** Whether the stored quote began and ended at word boundaries (then a match must too). */
function wordBoundaries(anchor: TextAnchor): { startsOnWord: boolean; endsOnWord: boolean } {
  return {
    startsOnWord: !isSpace(anchor.exact[0]) && (anchor.prefix === '' || isSpace(anchor.prefix.at(-1))),
    endsOnWord: !isSpace(anchor.exact.at(-1)) && (anchor.suffix === '' || isSpace(anchor.suffix[0])),
  };
}

function keepsWordBoundaries(anchor: TextAnchor, text: string, start: number, end: number): boolean {
  const { startsOnWord, endsOnWord } = wordBoundaries(anchor);
  return (!startsOnWord || isWordStart(text, start)) && (!endsOnWord || isWordEnd(text, end));
}

const isWordStart = (text: string, at: number) =>
  at < text.length && !isSpace(text[at]) && (at === 0 || isSpace(text[at - 1]));
const isWordEnd = (text: string, at: number) =>
  at > 0 && !isSpace(text[at - 1]) && (at === text.length || isSpace(text[at]));

function isSpace(character: string | undefined): boolean {
  return character !== undefined && /\s/.test(character);
}

const words = (text: string) => text.split(/\s+/).filter((word) => word !== '');

/** The candidate with the best context; ties (within CONTEXT_TIE) go to the home paragraph nearest the hint. */
function best(candidates: readonly (Candidate | undefined)[], anchor: TextAnchor): Candidate | undefined {
  const present = candidates.filter((candidate) => candidate !== undefined);
  const bestContext = Math.max(...present.map((candidate) => candidate.context));
  const distance = (candidate: Candidate) =>
    candidate.paragraph.key_id === anchor.key_id
      ? Math.abs(candidate.start - anchor.start)
      : Number.MAX_SAFE_INTEGER;
  let winner: Candidate | undefined;
  for (const candidate of present) {
    if (candidate.context < bestContext - CONTEXT_TIE) continue;
    if (
      !winner ||
      distance(candidate) < distance(winner) ||
      (distance(candidate) === distance(winner) && candidate.context > winner.context)
    )
      winner = candidate;
  }
  return winner;
}

/**
 * Mean similarity of the stored prefix and suffix to the text just before `start` and just after `end`. Each
 * side is half overall similarity, half the share that still touches the quote unchanged: the words right next
 * to a quote say more about where it is than words 30 characters away.
 */
function contextSimilarity(
  anchor: TextAnchor,
  text: string,
  start: number,
  end: number,
): { context: number; strongestSide: number } {
  const before = text.slice(Math.max(0, start - anchor.prefix.length), start);
  const after = text.slice(end, end + anchor.suffix.length);
  const touchingBefore = commonSuffixLength(anchor.prefix, before);
  const touchingAfter = commonPrefixLength(anchor.suffix, after);
  const prefix = sideSimilarity(anchor.prefix, before, touchingBefore, start === 0);
  const suffix = sideSimilarity(anchor.suffix, after, touchingAfter, end === text.length);
  return { context: (prefix + suffix) / 2, strongestSide: Math.max(touchingBefore, touchingAfter) };
}

function sideSimilarity(stored: string, current: string, touching: number, atEdge: boolean): number {
  // An empty stored side means the quote touched the paragraph's edge. Being at an edge again is weak evidence
  // (every paragraph has two), not being there is evidence against.
  if (stored === '') return atEdge ? 0.5 : 0;
  return (similarity(stored, current) + touching / stored.length) / 2;
}

function commonPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  return length;
}

function commonSuffixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[a.length - 1 - length] === b[b.length - 1 - length])
    length += 1;
  return length;
}

/** 1 − Levenshtein distance / the longer length: 1 when equal, 0 when nothing in common. */
function similarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - levenshtein(a, b) / longer;
}

/** The same similarity counted in words: each distinct word becomes one character. */
function wordSimilarity(a: string, b: string): number {
  const codes = new Map<string, string>();
  const encode = (text: string) =>
    words(text)
      .map((word) => {
        let code = codes.get(word);
        if (code === undefined) codes.set(word, (code = String.fromCharCode(codes.size)));
        return code;
      })
      .join('');
  return similarity(encode(a), encode(b));
}

/**
 * Edit distance by the one-row dynamic programme; past `atMost` it stops early and returns `atMost + 1`, which is
 * all a caller with a threshold needs to know.
 */
function levenshtein(whole: string, other: string, atMost = Math.max(whole.length, other.length)): number {
  if (Math.abs(whole.length - other.length) > atMost) return atMost + 1;
  // A common start and end never add to the distance; dropping them leaves little to compare for near-matches.
  const head = commonPrefixLength(whole, other);
  const tail = commonSuffixLength(whole.slice(head), other.slice(head));
  const a = whole.slice(head, whole.length - tail);
  const b = other.slice(head, other.length - tail);
  const row = new Uint32Array(b.length + 1);
  for (let j = 0; j <= b.length; j += 1) row[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    const character = a.charCodeAt(i - 1);
    let diagonal = row[0]!;
    row[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j]!;
      const value = Math.min(
        above + 1,
        row[j - 1]! + 1,
        diagonal + (character === b.charCodeAt(j - 1) ? 0 : 1),
      );
      row[j] = value;
      diagonal = above;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > atMost) return atMost + 1;
  }
  return row[b.length]!;
}
