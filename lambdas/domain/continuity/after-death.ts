import { forEachStoryMention } from '../../../shared/association-appearances';
import type { MatchableAssociation } from '../../../shared/association-matcher';
import { dialogueSpans, withinSpans } from '../../../shared/dialogue';
import type { ContinuityWarning } from '../../../shared/schemas/continuity';
import { factLabelKey, type Fact } from '../../../shared/schemas/facts';
import type { ChapterText } from '../../../shared/paragraph-text';

/** A 'Status' fact with one of these values (case aside) says the character is dead from its chapter on. */
const DEATH_VALUES = new Set(['dead', 'deceased', 'died', 'killed', 'slain']);
const STATUS_LABEL = factLabelKey('Status');

export interface NamedAssociation extends MatchableAssociation {
  association_name: string;
  association_type: string;
}

/**
 * `after_death`: a character whose standing 'Status' is dead, from a chapter before this one, named in this
 * chapter's narration. A name inside quotation marks is someone speaking of them (a memory, a eulogy) and is
 * no warning; a name outside them ("…," said Boromir) is them acting. One warning per character and chapter, at
 * the first paragraph where it happens.
 */
export function afterDeathWarnings(
  chapters: readonly ChapterText[],
  associations: readonly NamedAssociation[],
  standingByChapter: ReadonlyMap<string, readonly Fact[]>,
): ContinuityWarning[] {
  const byId = new Map(associations.map((association) => [association.association_id, association]));
  const titles = new Map(chapters.map((chapter) => [chapter.chapter_id, chapter.title]));
  const deathOf = (chapterId: string, associationId: string) =>
    standingByChapter
      .get(chapterId)
      ?.find(
        (fact) =>
          fact.association_id === associationId &&
          factLabelKey(fact.label) === STATUS_LABEL &&
          DEATH_VALUES.has(fact.value.trim().toLocaleLowerCase()) &&
          fact.from_chapter_id !== chapterId,
      );
  const warned = new Set<string>();
  const warnings: ContinuityWarning[] = [];
  const spansOf = new Map<string, [number, number][]>();
  forEachStoryMention(chapters, associations, (mention, text, stored, chapter) => {
    const association = byId.get(mention.associationId);
    const key = `${chapter.chapter_id} ${mention.associationId}`;
    if (association?.association_type !== 'character' || warned.has(key)) return;
    const death = deathOf(chapter.chapter_id, mention.associationId);
    if (!death) return;
    if (!spansOf.has(stored.key_id)) spansOf.set(stored.key_id, dialogueSpans(text));
    if (withinSpans(spansOf.get(stored.key_id)!, mention.start, mention.end)) return;
    warned.add(key);
    const diedIn = titles.get(death.from_chapter_id);
    warnings.push({
      kind: 'after_death',
      message: `${association.association_name} is ${death.value.trim()}${diedIn ? ` since “${diedIn}”` : ' since an earlier volume'} but is named acting here.`,
      chapter_id: chapter.chapter_id,
      key_id: stored.key_id,
      association_ids: [mention.associationId],
    });
  });
  return warnings;
}
