import {
  associationNames,
  type AssociationMatcher,
  type AssociationMention,
  type MatchableAssociation,
} from '../../shared/association-matcher';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The way the old product found mentions: one whole-word regular expression per name and alias, each run
 * over the whole text, then the same choice among overlapping matches as the automaton makes (leftmost,
 * then longest, then case-sensitive associations and list order). The reference the Aho–Corasick matcher
 * is compared with, in its property test and side by side in its benchmark. Case-insensitive matching is
 * the regular expressions' Unicode simple case folding, which agrees with the matcher's folding on Latin,
 * Greek and Cyrillic letters.
 */
export function compileNaiveMatcher(associations: readonly MatchableAssociation[]): AssociationMatcher {
  const sensitiveFirst = associations
    .map((association, index) => ({ association, index }))
    .sort((a, b) => Number(b.association.case_sensitive) - Number(a.association.case_sensitive));
  const expressions = sensitiveFirst.flatMap(({ association }, priority) =>
    associationNames(association).flatMap((name) =>
      [...new Set([name, name.normalize('NFC'), name.normalize('NFD')])].map((spelling) => ({
        associationId: association.association_id,
        priority,
        expression: new RegExp(
          `(?<![\\p{L}\\p{N}\\p{M}])${escapeRegExp(spelling)}(?![\\p{L}\\p{N}\\p{M}])`,
          association.case_sensitive ? 'gu' : 'giu',
        ),
      })),
    ),
  );

  return {
    findMentions(text) {
      const candidates: { start: number; end: number; priority: number; associationId: string }[] = [];
      for (const { expression, associationId, priority } of expressions) {
        expression.lastIndex = 0;
        for (let match = expression.exec(text); match; match = expression.exec(text)) {
          candidates.push({
            start: match.index,
            end: match.index + match[0].length,
            priority,
            associationId,
          });
          // Overlapping matches of one name count too: a longer name may take the first, not the second.
          expression.lastIndex = match.index + 1;
        }
      }
      candidates.sort((a, b) => a.start - b.start || b.end - a.end || a.priority - b.priority);
      const mentions: AssociationMention[] = [];
      let coveredUntil = 0;
      for (const { start, end, associationId } of candidates) {
        if (start < coveredUntil) continue;
        mentions.push({ start, end, associationId, matchedText: text.slice(start, end) });
        coveredUntil = end;
      }
      return mentions;
    },
  };
}
