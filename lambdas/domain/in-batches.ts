/**
 * Calls `read` for each item, `size` at a time, and answers the results in order: reads made side by side to be
 * quick, few enough at once not to burst the table's capacity.
 */
export async function inBatches<Item, Result>(
  items: readonly Item[],
  size: number,
  read: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(read))));
  }
  return results;
}
