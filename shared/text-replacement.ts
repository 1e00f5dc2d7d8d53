/**
 * Find and replace in stored paragraphs, keeping each run's formatting: story-wide search and replace
 * (issue 14 §3) and rename-everywhere (issue 13 §2). Search and replace find the same matches with the same
 * function, so the number a search shows is the number a replace changes; rename replaces the matcher's
 * mentions instead, so it renames what the editor calls a mention of the association.
 *
 * Rules:
 * - Case: `case_sensitive` compares code units exactly; otherwise both sides are compared case-folded with
 *   the association matcher's `foldCase`. Composed and decomposed accents ('Zoë' typed either way) are the
 *   same text, as for the matcher.
 * - Whole word: the matcher's `isWholeWordAt` ('Frodo' is in "Frodo's", 'Ann' is not in "Annex").
 * - A match may run across several text runs and association mentions, but never over a tab, a line break
 *   or a node of another type: such a match is neither found nor replaced.
 * - Formatting: the replacement takes the format and style of the run where the match starts; the other
 *   runs the match covers lose the matched part and keep their own format. A run left empty is removed.
 * - Association mentions: a mention whose text a replacement changes becomes a plain text run with the
 *   mention's format and style. The stored node would otherwise claim a name its text no longer shows; the
 *   editor's association scan wraps the new text again on load when it names an association (after a
 *   rename, the new name), exactly as it does for typed text.
 */
import {
  compileAssociationMatcher,
  foldCase,
  isWholeWordAt,
  textMatchesAssociation,
  type MatchableAssociation,
} from './association-matcher';
import {
  isEditableText,
  paragraphText,
  snippetAround,
  spansCovering,
  type ChapterText,
  type InlineSpan,
  type StoredParagraph,
} from './paragraph-text';
import type { InlineNode, Paragraph, TextRun } from './schemas/paragraph';

export interface FindOptions {
  case_sensitive: boolean;
  whole_word: boolean;
}

export interface TextMatch {
  start: number;
  end: number;
}

/**
 * The matches of `find` in `text`: leftmost first, never overlapping, with the case and whole-word rules of
 * `options`. An empty `find` matches nothing.
 */
export function findMatches(text: string, find: string, options: FindOptions): TextMatch[] {
  if (find === '') return [];
  const haystack = options.case_sensitive ? text : foldCase(text);
  const needles = [...new Set([find, find.normalize('NFC'), find.normalize('NFD')])].map((needle) =>
    options.case_sensitive ? needle : foldCase(needle),
  );
  const candidates: TextMatch[] = [];
  for (const needle of needles) {
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
      if (!options.whole_word || isWholeWordAt(text, at, at + needle.length)) {
        candidates.push({ start: at, end: at + needle.length });
      }
    }
  }
  candidates.sort((a, b) => a.start - b.start || b.end - a.end);
  const matches: TextMatch[] = [];
  let coveredUntil = 0;
  for (const candidate of candidates) {
    if (candidate.start < coveredUntil) continue;
    matches.push(candidate);
    coveredUntil = candidate.end;
  }
  return matches;
}

/** The matches of `find` in a paragraph that replace can change: over text runs and mentions only. */
function replaceableMatches(
  text: string,
  spans: readonly InlineSpan[],
  find: string,
  options: FindOptions,
): TextMatch[] {
  return findMatches(text, find, options).filter((match) =>
    spansCovering(spans, match.start, match.end).every((span) => isEditableText(span.node)),
  );
}

/**
 * The matches of `find` in a paragraph's text (offsets as `paragraphText` gives them), as
 * `replaceInParagraph` would replace them: what the editor's find bar highlights.
 */
export function findInParagraph(paragraph: Paragraph, find: string, options: FindOptions): TextMatch[] {
  const { text, spans } = paragraphText(paragraph);
  return replaceableMatches(text, spans, find, options);
}

/** The number of matches of `find` in a paragraph, as `replaceInParagraph` would replace them. */
export function countMatchesInParagraph(paragraph: Paragraph, find: string, options: FindOptions): number {
  return findInParagraph(paragraph, find, options).length;
}

/** One cut in a text: [start, end) of it becomes `insert`. */
export interface TextEdit {
  start: number;
  end: number;
  insert: string;
}

/** The text with the edits made, which are in order and do not overlap. */
export function editedText(text: string, edits: readonly TextEdit[]): string {
  let result = '';
  let from = 0;
  for (const edit of edits) {
    result += text.slice(from, edit.start) + edit.insert;
    from = edit.end;
  }
  return result + text.slice(from);
}

/** A mention's text as a plain run of the mention's format and style (see the module's rules). */
function plainRunOf(node: InlineNode, text: string): TextRun {
  const { format, style } = node as { format?: unknown; style?: unknown };
  return {
    type: 'text',
    version: 1,
    text,
    format: typeof format === 'number' ? format : 0,
    style: typeof style === 'string' ? style : '',
    detail: 0,
    mode: 'normal',
  };
}

export interface ParagraphReplacement {
  /** A new paragraph; the one given is never changed. The same object when nothing was replaced. */
  paragraph: Paragraph;
  replaced: number;
}

/** Puts `replacement` in place of each match (sorted, not overlapping, over editable text only). */
function replaceMatches(
  paragraph: Paragraph,
  spans: readonly InlineSpan[],
  matches: readonly TextMatch[],
  replacement: string,
): ParagraphReplacement {
  if (matches.length === 0) return { paragraph, replaced: 0 };
  const editsByChild = new Map<number, TextEdit[]>();
  for (const match of matches) {
    spansCovering(spans, match.start, match.end).forEach((span, index) => {
      const edits = editsByChild.get(span.childIndex) ?? [];
      edits.push({
        start: Math.max(match.start, span.start) - span.start,
        end: Math.min(match.end, span.end) - span.start,
        insert: index === 0 ? replacement : '',
      });
      editsByChild.set(span.childIndex, edits);
    });
  }

  const children: InlineNode[] = [];
  paragraph.children.forEach((node, childIndex) => {
    const edits = editsByChild.get(childIndex);
    if (!edits) {
      children.push(node);
      return;
    }
    const newText = editedText((node as { text: string }).text, edits);
    if (newText === '') return;
    children.push(node.type === 'association' ? plainRunOf(node, newText) : { ...node, text: newText });
  });
  return { paragraph: { ...paragraph, children }, replaced: matches.length };
}

/** Replaces every match of `find` with `replacement` as typed, keeping formatting by the module's rules. */
export function replaceInParagraph(
  paragraph: Paragraph,
  find: string,
  replacement: string,
  options: FindOptions,
): ParagraphReplacement {
  const { text, spans } = paragraphText(paragraph);
  return replaceMatches(paragraph, spans, replaceableMatches(text, spans, find, options), replacement);
}

/**
 * Replaces only the match at `matchIndex` (0-based, in `findInParagraph`'s order): the find bar's 'Replace'.
 * Nothing is replaced when there is no such match.
 */
export function replaceMatchInParagraph(
  paragraph: Paragraph,
  find: string,
  replacement: string,
  options: FindOptions,
  matchIndex: number,
): ParagraphReplacement {
  const { text, spans } = paragraphText(paragraph);
  const match = replaceableMatches(text, spans, find, options)[matchIndex];
  return replaceMatches(paragraph, spans, match ? [match] : [], replacement);
}

/**
 * Puts `replacement` in place of [start, end) of the paragraph's text, by the module's formatting rules: an
 * accepted suggestion (issue 24). An empty range inserts at `start`, in the format of the editable run it
 * ends or starts; nothing changes where the range crosses a tab, a line break or a node of another type.
 */
export function replaceRangeInParagraph(
  paragraph: Paragraph,
  start: number,
  end: number,
  replacement: string,
): ParagraphReplacement {
  const { text, spans } = paragraphText(paragraph);
  if (start < 0 || end > text.length || start > end) return { paragraph, replaced: 0 };
  if (start < end) {
    const covered = spansCovering(spans, start, end);
    if (!covered.every((span) => isEditableText(span.node))) return { paragraph, replaced: 0 };
    return replaceMatches(paragraph, spans, [{ start, end }], replacement);
  }
  if (replacement === '') return { paragraph, replaced: 0 };
  if (paragraph.children.length === 0) {
    return {
      paragraph: { ...paragraph, children: [plainRunOf({ type: 'text' } as InlineNode, replacement)] },
      replaced: 1,
    };
  }
  const holder =
    spans.find((span) => isEditableText(span.node) && span.start < start && start <= span.end) ??
    spans.find((span) => isEditableText(span.node) && span.start === start);
  if (!holder) return { paragraph, replaced: 0 };
  const offset = start - holder.start;
  const children = paragraph.children.map((node, childIndex) => {
    if (childIndex !== holder.childIndex) return node;
    const own = (node as { text: string }).text;
    const newText = own.slice(0, offset) + replacement + own.slice(offset);
    return node.type === 'association' ? plainRunOf(node, newText) : { ...node, text: newText };
  });
  return { paragraph: { ...paragraph, children }, replaced: 1 };
}

/** Issue 14 §3: at most this many matches listed per chapter (the total counts them all). */
export const MAX_SEARCH_MATCHES_PER_CHAPTER = 50;

export interface SearchMatch {
  key_id: string;
  text: string;
}

export interface ChapterSearchResult {
  chapter_id: string;
  title: string;
  place: number;
  matches: SearchMatch[];
}

/** The answer of GET /api/stories/{storyId}/search. */
export interface StorySearchResult {
  /** Every match in the story, including those past a chapter's first 50. */
  total: number;
  chapters: ChapterSearchResult[];
}

/**
 * Story search: the chapters with a match in `place` order, each with a snippet of about 120 characters per
 * match (at most 50 per chapter). It finds exactly what `replaceInParagraph` would replace.
 */
export function findInParagraphs(
  chapters: readonly ChapterText[],
  find: string,
  options: FindOptions,
): StorySearchResult {
  let total = 0;
  const results: ChapterSearchResult[] = [];
  for (const chapter of [...chapters].sort((a, b) => a.place - b.place)) {
    const matches: SearchMatch[] = [];
    for (const stored of chapter.paragraphs) {
      const { text, spans } = paragraphText(stored.paragraph);
      for (const match of replaceableMatches(text, spans, find, options)) {
        total += 1;
        if (matches.length < MAX_SEARCH_MATCHES_PER_CHAPTER) {
          matches.push({ key_id: stored.key_id, text: snippetAround(text, match.start, match.end) });
        }
      }
    }
    if (matches.length > 0) {
      results.push({ chapter_id: chapter.chapter_id, title: chapter.title, place: chapter.place, matches });
    }
  }
  return { total, chapters: results };
}

export interface StoryReplacement {
  /** The changed paragraphs of each changed chapter, in the order given; unchanged ones are left out. */
  chapters: { chapter_id: string; paragraphs: StoredParagraph[] }[];
  replaced: number;
}

function replaceEachParagraph(
  chapters: readonly ChapterText[],
  replace: (paragraph: Paragraph) => ParagraphReplacement,
): StoryReplacement {
  let replaced = 0;
  const changed: StoryReplacement['chapters'] = [];
  for (const chapter of chapters) {
    const paragraphs: StoredParagraph[] = [];
    for (const stored of chapter.paragraphs) {
      const result = replace(stored.paragraph);
      if (result.replaced === 0) continue;
      replaced += result.replaced;
      paragraphs.push({ key_id: stored.key_id, paragraph: result.paragraph });
    }
    if (paragraphs.length > 0) changed.push({ chapter_id: chapter.chapter_id, paragraphs });
  }
  return { chapters: changed, replaced };
}

/**
 * Replace across a story (issue 14 §3). Answers only what changed, so the caller versions and saves those
 * chapters and paragraphs (checking each new chunk against the paragraph size limit, since a longer
 * replacement grows it); `chapters.length` is the answer's `chapters`.
 */
export function replaceInStory(
  chapters: readonly ChapterText[],
  find: string,
  replacement: string,
  options: FindOptions,
): StoryReplacement {
  return replaceEachParagraph(chapters, (paragraph) =>
    replaceInParagraph(paragraph, find, replacement, options),
  );
}

/**
 * Rename-everywhere (issue 13 §2): every mention of the association written as its name (not an alias)
 * becomes `newName`, whole words only, by the association's own case rule. Mentions are the matcher's, over
 * the story's associations as they are before the rename, so an 'Ann' inside another association's
 * 'Ann Smith' is that other association's and stays; a name written across runs of different formats is
 * renamed too (it is the author's text, highlighted or not). Answers like `replaceInStory`.
 */
export function renameInStory(
  chapters: readonly ChapterText[],
  associations: readonly MatchableAssociation[],
  associationId: string,
  newName: string,
): StoryReplacement {
  const renamed = associations.find((association) => association.association_id === associationId);
  if (!renamed || renamed.association_name.trim() === '') return { chapters: [], replaced: 0 };
  const nameOnly: MatchableAssociation = { ...renamed, aliases: '' };
  const matcher = compileAssociationMatcher(associations);
  return replaceEachParagraph(chapters, (paragraph) => {
    const { text, spans } = paragraphText(paragraph);
    const matches = matcher
      .findMentions(text)
      .filter(
        (mention) =>
          mention.associationId === associationId &&
          textMatchesAssociation(nameOnly, mention.matchedText) &&
          spansCovering(spans, mention.start, mention.end).every((span) => isEditableText(span.node)),
      );
    return replaceMatches(paragraph, spans, matches, newName);
  });
}
