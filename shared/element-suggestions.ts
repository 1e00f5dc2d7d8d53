/**
 * Suggested elements (issue 13 §3): names the author writes often but has not made an association of.
 * Deterministic and local: words are the association matcher's words (`isWordCharacter`), each chapter is
 * read in one pass.
 *
 * What counts as a name:
 * - A capitalised word (its first letter upper or title case) of at least two letters, or several of them in
 *   a row joined by a single space, hyphen or apostrophe ('Minas Tirith', 'Jean-Luc', "O'Brien"): the
 *   longest such run is one name, so 'Minas Tirith' is not also counted as 'Minas' and 'Tirith'.
 * - Common words split a run and are never names themselves (`COMMON_CAPITALISED_WORDS`: pronouns,
 *   articles, the words that usually open a sentence or a line of dialogue, interjections, titles such as
 *   'Mr' and 'Lady', and the days and months, which are capitalised everywhere but are not story elements).
 *   'Then Gandalf' gives 'Gandalf'; 'Lady Galadriel' gives 'Galadriel'.
 * - Words inside a mention of an existing association split a run too, and a name equal (case-folded) to an
 *   association's name or alias is dropped: those are named already.
 * - It recurs at least `MIN_SUGGESTION_COUNT` times, and at least once not at a sentence start (after '.',
 *   '!', '?', '…', or the start of a paragraph or line, opening quotes and brackets skipped), so 'Suddenly'
 *   at the start of ten sentences is not a name.
 * Spellings that differ only in case are one name, shown as written most often (first seen on a tie).
 *
 * With no suggestion, `explainNoSuggestions` says which of these rules left each name out, so the Story Bible
 * can say what is true rather than guess.
 */
import {
  associationNames,
  compileAssociationMatcher,
  foldCase,
  isWordCharacter,
  type MatchableAssociation,
} from './association-matcher';
import { paragraphText, type ChapterText } from './paragraph-text';
import type { ElementSuggestions } from './schemas/story-bible';

export const MIN_SUGGESTION_COUNT = 3;
export const MAX_SUGGESTIONS = 20;

export interface ElementSuggestion {
  name: string;
  /** Times it is written across the story. */
  count: number;
  /** How many chapters it is written in. */
  chapters: number;
}

/** Compared case-folded; see the module's rules. */
export const COMMON_CAPITALISED_WORDS: ReadonlySet<string> = new Set(
  [
    // Pronouns and determiners.
    'he she it we they you me him her us them my his its our their your mine hers ours yours theirs ' +
      'myself yourself himself herself itself ourselves themselves the an this that these those some ' +
      'any all each every both either neither no none one someone something everyone everything nobody ' +
      'nothing another other such',
    // Words that open sentences and dialogue.
    'and but or nor so yet for if then when where what why how who whom whose which while after ' +
      'before as at in on of to by from with without into onto over under up down out off about above ' +
      'below across through behind beside between beyond inside outside there here now not never always ' +
      'only just still even also again once soon later today tonight tomorrow yesterday perhaps maybe ' +
      'suddenly finally although though because since unless until whether besides instead meanwhile ' +
      'however therefore otherwise indeed very too more most much many few less least first last next ' +
      'let is are was were be been am do does did have has had can could will would shall should may ' +
      'might must don didn doesn isn wasn won couldn wouldn shouldn ain ll ve re',
    // Interjections and answers.
    'oh ah ow uh um hm hmm yes yeah nope okay ok hey hello hi goodbye bye please thanks sorry well ' +
      'wow alas god',
    // Titles and forms of address.
    'mr mrs ms miss dr sir madam lady lord master mister saint st captain king queen prince princess ' +
      'uncle aunt',
    // Days and months.
    'monday tuesday wednesday thursday friday saturday sunday january february march april june july ' +
      'august september october november december',
    // Headings.
    'chapter part prologue epilogue',
  ]
    .join(' ')
    .split(' '),
);

const CAPITALISED = /^[\p{Lu}\p{Lt}]/u;
/** What may join the words of one name. */
const NAME_JOINERS = new Set([' ', '\u00A0', '-', "'", '\u2019']);
/** Where a sentence ends, so the next word starts one. */
const SENTENCE_ENDS = new Set(['.', '!', '?', '\u2026', '\n']);
/** What may stand between a sentence's end and its first word. */
const SENTENCE_OPENERS = /[\s"'“‘„«»()[\]{}\u2014\u2013-]/u;

interface Word {
  start: number;
  end: number;
  text: string;
}

/** The words of `text`, as the matcher sees words: runs of letters, digits and marks of any script. */
function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  let start = -1;
  let index = 0;
  for (const character of text) {
    if (isWordCharacter(character)) {
      if (start === -1) start = index;
    } else if (start !== -1) {
      words.push({ start, end: index, text: text.slice(start, index) });
      start = -1;
    }
    index += character.length;
  }
  if (start !== -1) words.push({ start, end: index, text: text.slice(start) });
  return words;
}

function startsSentence(text: string, start: number): boolean {
  let index = start - 1;
  while (index >= 0 && SENTENCE_OPENERS.test(text[index]!) && text[index] !== '\n') index -= 1;
  return index < 0 || SENTENCE_ENDS.has(text[index]!);
}

function isNameWord(word: Word): boolean {
  return (
    CAPITALISED.test(word.text) &&
    [...word.text].length >= 2 &&
    !COMMON_CAPITALISED_WORDS.has(foldCase(word.text))
  );
}

/**
 * Why there is no suggestion, the first that holds: names repeated enough but written only where any word is
 * capitalised; every repeated name an association already; names not yet repeated enough; no names at all.
 * `names` are a few examples, most written first.
 */
export type NoSuggestionsReason = NonNullable<ElementSuggestions['none_because']>;

/** How many example names an explanation gives. */
const EXAMPLE_NAMES = 3;

interface Tally {
  count: number;
  midSentence: number;
  chapters: Set<string>;
  spellings: Map<string, number>;
}

/**
 * At most 20 suggestions, most frequent first (then in more chapters, then by name in code-unit order, so the
 * answer never depends on the runtime's locale).
 */
export function suggestElements(
  chapters: readonly ChapterText[],
  associations: readonly MatchableAssociation[],
): ElementSuggestion[] {
  return [...tallyNames(chapters, associations).tallies.values()]
    .filter(isSuggested)
    .map(toSuggestion)
    .sort(bySuggestionOrder)
    .slice(0, MAX_SUGGESTIONS);
}

/** Why `suggestElements` suggests nothing for this text (see `NoSuggestionsReason`); undefined when it does. */
export function explainNoSuggestions(
  chapters: readonly ChapterText[],
  associations: readonly MatchableAssociation[],
): NoSuggestionsReason | undefined {
  const { tallies, associationRepeats } = tallyNames(chapters, associations);
  const candidates = [...tallies.values()];
  if (candidates.some(isSuggested)) return undefined;
  const examples = (found: Tally[]) =>
    found
      .map(toSuggestion)
      .sort(bySuggestionOrder)
      .slice(0, EXAMPLE_NAMES)
      .map((suggestion) => suggestion.name);
  const atSentenceStarts = candidates.filter((tally) => tally.count >= MIN_SUGGESTION_COUNT);
  if (atSentenceStarts.length > 0)
    return { reason: 'only_at_sentence_starts', names: examples(atSentenceStarts) };
  if (associationRepeats > 0) return { reason: 'all_associations' };
  if (candidates.length > 0) return { reason: 'too_few_repeats', names: examples(candidates) };
  return { reason: 'no_names' };
}

const isSuggested = (tally: Tally) => tally.count >= MIN_SUGGESTION_COUNT && tally.midSentence > 0;

const toSuggestion = (tally: Tally): ElementSuggestion => ({
  name: mostWritten(tally.spellings),
  count: tally.count,
  chapters: tally.chapters.size,
});

const bySuggestionOrder = (a: ElementSuggestion, b: ElementSuggestion) =>
  b.count - a.count || b.chapters - a.chapters || compareCodeUnits(a.name, b.name);

/**
 * Every name of the text that is no association, with its tally; `associationRepeats` counts the associations
 * written at least `MIN_SUGGESTION_COUNT` times, whose names are left out as named already.
 */
function tallyNames(
  chapters: readonly ChapterText[],
  associations: readonly MatchableAssociation[],
): { tallies: Map<string, Tally>; associationRepeats: number } {
  const matcher = compileAssociationMatcher(associations);
  const named = new Set(
    associations.flatMap((association) =>
      associationNames(association).map((name) => foldCase(name.normalize('NFC'))),
    ),
  );
  const tallies = new Map<string, Tally>();
  /** Times each association is written: its mentions, and its names where the matcher's case rule missed them. */
  const writtenAssociations = new Map<string, number>();
  const countAssociation = (key: string) =>
    writtenAssociations.set(key, (writtenAssociations.get(key) ?? 0) + 1);

  const record = (chapterId: string, text: string, run: Word[]) => {
    if (run.length === 0) return;
    const name = text.slice(run[0]!.start, run[run.length - 1]!.end);
    const key = foldCase(name.normalize('NFC'));
    if (named.has(key)) {
      countAssociation(`name:${key}`);
      return;
    }
    let tally = tallies.get(key);
    if (!tally) {
      tally = { count: 0, midSentence: 0, chapters: new Set(), spellings: new Map() };
      tallies.set(key, tally);
    }
    tally.count += 1;
    if (!startsSentence(text, run[0]!.start)) tally.midSentence += 1;
    tally.chapters.add(chapterId);
    tally.spellings.set(name, (tally.spellings.get(name) ?? 0) + 1);
  };

  for (const chapter of chapters) {
    for (const { paragraph } of chapter.paragraphs) {
      const { text } = paragraphText(paragraph);
      const mentions = matcher.findMentions(text);
      for (const mention of mentions) countAssociation(`id:${mention.associationId}`);
      let nextMention = 0;
      let run: Word[] = [];
      for (const word of wordsOf(text)) {
        while (nextMention < mentions.length && mentions[nextMention]!.end <= word.start) nextMention += 1;
        const mentioned = nextMention < mentions.length && mentions[nextMention]!.start < word.end;
        const previous = run[run.length - 1];
        const joined =
          previous !== undefined && word.start - previous.end === 1 && NAME_JOINERS.has(text[previous.end]!);
        if (!joined) {
          record(chapter.chapter_id, text, run);
          run = [];
        }
        if (!mentioned && isNameWord(word)) {
          run.push(word);
        } else {
          record(chapter.chapter_id, text, run);
          run = [];
        }
      }
      record(chapter.chapter_id, text, run);
    }
  }

  const associationRepeats = [...writtenAssociations.values()].filter(
    (count) => count >= MIN_SUGGESTION_COUNT,
  ).length;
  return { tallies, associationRepeats };
}

/** The spelling written most often; on a tie the first seen (a Map keeps insertion order). */
function mostWritten(spellings: Map<string, number>): string {
  let best = '';
  let bestCount = 0;
  for (const [spelling, count] of spellings) {
    if (count > bestCount) {
      best = spelling;
      bestCount = count;
    }
  }
  return best;
}

function compareCodeUnits(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
