/**
 * How relationships change through a story (issue 25 §3), the same on the server (`?as_of=`) and in the map's
 * chapter slider, which replays the whole list it read once.
 */
import type { Relationship } from './schemas/relationships';

/** Two associations whichever way round: an entry supersedes the pair's earlier one in either direction. */
export function pairKey(relationship: Pick<Relationship, 'from' | 'to'>): string {
  return [relationship.from, relationship.to].sort().join(' ');
}

/**
 * The relationships standing at the chapter at `place`: for each pair, the entry from the latest chapter at or
 * before it (an entry without a chapter holds from the first; among entries from one chapter, the newest),
 * unless that entry ends the relationship. An entry whose chapter is not in `chapterPlaces` (deleted) stands
 * at no chapter. Answered in the order of `relationships`.
 */
export function relationshipsAsOf(
  relationships: readonly Relationship[],
  chapterPlaces: ReadonlyMap<string, number>,
  place: number,
): Relationship[] {
  const startOf = (relationship: Relationship) =>
    relationship.from_chapter_id === null ? -1 : chapterPlaces.get(relationship.from_chapter_id);
  const standing = new Map<string, Relationship>();
  for (const relationship of relationships) {
    const start = startOf(relationship);
    if (start === undefined || start > place) continue;
    const key = pairKey(relationship);
    const current = standing.get(key);
    const currentStart = current && startOf(current)!;
    if (
      current === undefined ||
      start > currentStart! ||
      (start === currentStart && relationship.created_at >= current.created_at)
    ) {
      standing.set(key, relationship);
    }
  }
  const kept = new Set([...standing.values()].filter((relationship) => !relationship.ended));
  return relationships.filter((relationship) => kept.has(relationship));
}
