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

/** Indexes into `values` of one longest strictly increasing subsequence, in O(n log n). */
function longestIncreasingRun(values: readonly number[]): number[] {
  const tailIndexes: number[] = [];
  const previous = new Array<number>(values.length);
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index]!;
    let low = 0;
    let high = tailIndexes.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tailIndexes[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    previous[index] = low > 0 ? tailIndexes[low - 1]! : -1;
    tailIndexes[low] = index;
  }
  const run: number[] = [];
  for (let index = tailIndexes.at(-1) ?? -1; index !== -1; index = previous[index]!) run.push(index);
  return run.reverse();
}

/**
 * The fewest placements that turn `from` into `to` under `applyPlacements`: every id of `to` outside a longest
 * run that keeps its relative order from `from` (moving one paragraph names one; pasting names the pasted).
 * Undefined when no placements can do it: `from` holds an id `to` has not, which placements cannot remove.
 */
export function placementsBetween(from: readonly string[], to: readonly string[]): Placement[] | undefined {
  const target = new Set(to);
  if (from.some((id) => !target.has(id))) return undefined;
  const indexInFrom = new Map(from.map((id, index) => [id, index]));
  const kept = to.filter((id) => indexInFrom.has(id));
  const stay = new Set(
    longestIncreasingRun(kept.map((id) => indexInFrom.get(id)!)).map((index) => kept[index]!),
  );
  return to.flatMap((id, index) => (stay.has(id) ? [] : [{ id, index }]));
}
