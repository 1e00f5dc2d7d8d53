import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPlacements, placementsBetween } from '../../shared/ordering';

describe('placementsBetween', () => {
  it('names only the moved entry', () => {
    expect(placementsBetween(['a', 'b', 'c', 'd'], ['b', 'c', 'a', 'd'])).toEqual([{ id: 'a', index: 2 }]);
  });

  it('names the entries that are new', () => {
    expect(placementsBetween(['a', 'b'], ['a', 'x', 'b', 'y'])).toEqual([
      { id: 'x', index: 1 },
      { id: 'y', index: 3 },
    ]);
  });

  it('names nothing for the same order', () => {
    expect(placementsBetween(['a', 'b'], ['a', 'b'])).toEqual([]);
  });

  it('gives up when the order to reach has lost an entry, which placements cannot remove', () => {
    expect(placementsBetween(['a', 'b', 'c'], ['c', 'a'])).toBeUndefined();
  });

  it('turns any order into any order holding its entries (fast-check, fixed seed)', () => {
    const orders = fc
      .uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 40 })
      .chain((to) => fc.tuple(fc.constant(to.map(String)), fc.shuffledSubarray(to.map(String))));
    fc.assert(
      fc.property(orders, ([to, from]) => {
        expect(applyPlacements(from, placementsBetween(from, to)!)).toEqual(to);
      }),
      { seed: 17, numRuns: 500 },
    );
  });
});
