import { describe, expect, it } from 'vitest';
import { applyPlacements } from '../../../shared/ordering';

describe('applyPlacements', () => {
  const order = ['a', 'b', 'c', 'd', 'e'];

  it('moves one entry given only that entry, keeping the others in their order', () => {
    expect(applyPlacements(order, [{ id: 'e', index: 1 }])).toEqual(['a', 'e', 'b', 'c', 'd']);
    expect(applyPlacements(order, [{ id: 'a', index: 3 }])).toEqual(['b', 'c', 'd', 'a', 'e']);
  });

  it('gives the same list for a complete renumbering as for the moved entry alone', () => {
    const complete = ['b', 'c', 'd', 'a', 'e'].map((id, index) => ({ id, index }));

    expect(applyPlacements(order, complete)).toEqual(applyPlacements(order, [{ id: 'a', index: 3 }]));
  });

  it('gives the same list when the shifted neighbours are sent too', () => {
    const moved = [
      { id: 'b', index: 0 },
      { id: 'c', index: 1 },
      { id: 'a', index: 2 },
    ];

    expect(applyPlacements(order, moved)).toEqual(['b', 'c', 'a', 'd', 'e']);
  });

  it('inserts new entries at their index, and appends those placed past the end', () => {
    expect(
      applyPlacements(
        ['a', 'b'],
        [
          { id: 'new', index: 1 },
          { id: 'last', index: 99 },
        ],
      ),
    ).toEqual(['a', 'new', 'b', 'last']);
  });

  it('counts the last placement of an entry placed twice', () => {
    expect(
      applyPlacements(order, [
        { id: 'c', index: 0 },
        { id: 'c', index: 4 },
      ]),
    ).toEqual(['a', 'b', 'd', 'e', 'c']);
  });

  it('orders by place when starting from nothing, as a renumbering from 1 does', () => {
    expect(
      applyPlacements(
        [],
        [
          { id: 'third', index: 8 },
          { id: 'first', index: 0 },
          { id: 'second', index: 3 },
        ],
      ),
    ).toEqual(['first', 'second', 'third']);
  });

  it('leaves the list it was given unchanged', () => {
    const original = [...order];

    applyPlacements(order, [{ id: 'a', index: 4 }]);

    expect(order).toEqual(original);
  });
});
