/** A requested position: `index` is 0-based in the final list. */
export interface Placement {
  id: string;
  index: number;
}

/**
 * Moves the placed ids to their indexes and keeps every other id in its relative order. Given only the
 * entries that moved (one paragraph dragged, one chapter inserted) this gives the same list as a complete
 * renumbering, so clients may send either. Ids not yet in the list are inserted; for an id placed twice the
 * last placement counts; indexes past the end append.
 */
export function applyPlacements(order: readonly string[], placements: readonly Placement[]): string[] {
  const latest = new Map<string, number>();
  for (const placement of placements) {
    latest.delete(placement.id);
    latest.set(placement.id, placement.index);
  }
  const result = order.filter((id) => !latest.has(id));
  const ascending = [...latest].sort(([, first], [, second]) => first - second);
  for (const [id, index] of ascending) result.splice(Math.min(Math.max(index, 0), result.length), 0, id);
  return result;
}
