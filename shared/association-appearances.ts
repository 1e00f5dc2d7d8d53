/**
 * Where a story's associations are mentioned (issue 13 §1 and the Story Bible's grid), counted exactly as the
 * editor highlights: the matcher compiled from ALL the story's associations (so a longer name of another
 * association shadows a shorter one, as in the editor), and only the mentions the editor would wrap.
 */
import {
  compileAssociationMatcher,
  type AssociationMatcher,
  type AssociationMention,
  type MatchableAssociation,
} from './association-matcher';
import {
  highlightedMentions,
  paragraphText,
  snippetAround,
  type ChapterText,
  type StoredParagraph,
} from './paragraph-text';

/** Issue 13 §1: at most this many snippets per chapter. */
export const MAX_APPEARANCE_SNIPPETS = 5;

export interface Snippet {
  key_id: string;
  text: string;
}

export interface ChapterAppearances {
  chapter_id: string;
  title: string;
  place: number;
  count: number;
  snippets: Snippet[];
}

/** The answer of GET /api/stories/{storyId}/associations/{associationId}/appearances. */
export interface AssociationAppearances {
  association_id: string;
  total: number;
  chapters: ChapterAppearances[];
}

function byPlace(chapters: readonly ChapterText[]): ChapterText[] {
  return [...chapters].sort((a, b) => a.place - b.place);
}

/** Calls `visit` with each mention the editor highlights in a paragraph, and that paragraph's text. */
function forEachHighlightedMention(
  stored: StoredParagraph,
  matcher: AssociationMatcher,
  visit: (mention: AssociationMention, text: string) => void,
): void {
  const { text, spans } = paragraphText(stored.paragraph);
  for (const mention of highlightedMentions(spans, matcher.findMentions(text))) visit(mention, text);
}

/**
 * Calls `visit` with every mention the editor highlights in the story, chapter by chapter in `place` order, with
 * its chapter, paragraph and the paragraph's text: what the continuity checks read the story by.
 */
export function forEachStoryMention(
  chapters: readonly ChapterText[],
  associations: readonly MatchableAssociation[],
  visit: (mention: AssociationMention, text: string, stored: StoredParagraph, chapter: ChapterText) => void,
): void {
  const matcher = compileAssociationMatcher(associations);
  for (const chapter of byPlace(chapters)) {
    for (const stored of chapter.paragraphs) {
      forEachHighlightedMention(stored, matcher, (mention, text) => visit(mention, text, stored, chapter));
    }
  }
}

/**
 * Every chapter, in `place` order, that mentions the association, with its count and up to five snippets
 * (the first mentions of the chapter, at most one per paragraph so they show different places). An
 * association not among `associations` is never found and gets an empty answer.
 */
export function findAppearances(
  chapters: readonly ChapterText[],
  associations: readonly MatchableAssociation[],
  associationId: string,
): AssociationAppearances {
  const matcher = compileAssociationMatcher(associations);
  const found: ChapterAppearances[] = [];
  for (const chapter of byPlace(chapters)) {
    let count = 0;
    const snippets: Snippet[] = [];
    for (const stored of chapter.paragraphs) {
      let snippetTaken = false;
      forEachHighlightedMention(stored, matcher, (mention, text) => {
        if (mention.associationId !== associationId) return;
        count += 1;
        if (snippetTaken || snippets.length >= MAX_APPEARANCE_SNIPPETS) return;
        snippets.push({ key_id: stored.key_id, text: snippetAround(text, mention.start, mention.end) });
        snippetTaken = true;
      });
    }
    if (count > 0) {
      found.push({
        chapter_id: chapter.chapter_id,
        title: chapter.title,
        place: chapter.place,
        count,
        snippets,
      });
    }
  }
  return {
    association_id: associationId,
    total: found.reduce((total, chapter) => total + chapter.count, 0),
    chapters: found,
  };
}

/** One association's mentions across the story, for the Story Bible page. */
export interface MentionTally {
  association_id: string;
  total: number;
  /** The chapter of the first mention in `place` order, or null when it is never mentioned. */
  first_chapter_id: string | null;
  /** Mentions per chapter id; chapters without a mention are left out. */
  by_chapter: Record<string, number>;
}

/**
 * The mentions of every association in every chapter, in one scan of the story: the counts of the Story
 * Bible's grid, each equal to what `findAppearances` answers for that association.
 */
export function tallyMentions(
  chapters: readonly ChapterText[],
  associations: readonly MatchableAssociation[],
): MentionTally[] {
  const tallies = new Map<string, MentionTally>(
    associations.map((association) => [
      association.association_id,
      { association_id: association.association_id, total: 0, first_chapter_id: null, by_chapter: {} },
    ]),
  );
  forEachStoryMention(chapters, associations, (mention, _text, _stored, chapter) => {
    const tally = tallies.get(mention.associationId)!;
    tally.total += 1;
    tally.first_chapter_id ??= chapter.chapter_id;
    tally.by_chapter[chapter.chapter_id] = (tally.by_chapter[chapter.chapter_id] ?? 0) + 1;
  });
  return [...tallies.values()];
}

/** Two associations named in the same paragraphs: how many, and the first such paragraph around both names. */
export interface SharedParagraphs {
  from: string;
  to: string;
  count: number;
  sample: { chapter_id: string; key_id: string; text: string };
}

/**
 * Every pair of the given associations named in one paragraph, counted once per paragraph whatever the number
 * of mentions, in one scan of the story with the editor's matcher (compiled from ALL `associations`, so
 * shadowing is the editor's). Within a pair, `from` is the association listed first in `associations`.
 */
export function countSharedParagraphs(
  chapters: readonly ChapterText[],
  associations: readonly MatchableAssociation[],
  pairedIds: ReadonlySet<string>,
): SharedParagraphs[] {
  const matcher = compileAssociationMatcher(associations);
  const order = new Map(associations.map((association, index) => [association.association_id, index]));
  const pairs = new Map<string, SharedParagraphs>();
  for (const chapter of byPlace(chapters)) {
    for (const stored of chapter.paragraphs) {
      // The first mention of each paired association in the paragraph, for the sample.
      const first = new Map<string, AssociationMention>();
      let paragraph = '';
      forEachHighlightedMention(stored, matcher, (mention, text) => {
        paragraph = text;
        if (pairedIds.has(mention.associationId) && !first.has(mention.associationId)) {
          first.set(mention.associationId, mention);
        }
      });
      const named = [...first.keys()].sort((a, b) => order.get(a)! - order.get(b)!);
      for (const [index, from] of named.entries()) {
        for (const to of named.slice(index + 1)) {
          const key = `${from} ${to}`;
          const pair = pairs.get(key);
          if (pair) {
            pair.count += 1;
            continue;
          }
          const [a, b] = [first.get(from)!, first.get(to)!];
          const text = snippetAround(paragraph, Math.min(a.start, b.start), Math.max(a.end, b.end));
          pairs.set(key, {
            from,
            to,
            count: 1,
            sample: { chapter_id: chapter.chapter_id, key_id: stored.key_id, text },
          });
        }
      }
    }
  }
  return [...pairs.values()];
}
