import { describe, expect, it } from 'vitest';
import { mergePendingOps, type StoredBlock } from '../../../../web/src/editor/autosave/merge-pending-ops';
import type { BlockOp, SyncOrderOp } from '../../../../web/src/editor/autosave/pending-ops';

const base = { storyId: 's', chapterId: 'c', retry: false };
const server: StoredBlock[] = [
  { keyId: 'a', chunk: 'A' },
  { keyId: 'b', chunk: 'B' },
  { keyId: 'c', chunk: 'C' },
];

function save(keyId: string, chunk: string, place: number): BlockOp {
  return { ...base, type: 'save', keyId, chunk, place };
}

function order(keyIds: string[]): SyncOrderOp {
  return { ...base, type: 'syncOrder', keyIds };
}

describe('mergePendingOps', () => {
  it('returns the server content when nothing is pending', () => {
    expect(mergePendingOps(server, { blocks: [], order: null })).toEqual(server);
  });

  it("lets a pending save replace the server's version of its block", () => {
    expect(mergePendingOps(server, { blocks: [save('b', 'B2', 1)], order: null })).toEqual([
      { keyId: 'a', chunk: 'A' },
      { keyId: 'b', chunk: 'B2' },
      { keyId: 'c', chunk: 'C' },
    ]);
  });

  it('removes a block with a pending delete and places new blocks at their place', () => {
    const merged = mergePendingOps(server, {
      blocks: [{ ...base, type: 'delete', keyId: 'a' }, save('n2', 'N2', 2), save('n1', 'N1', 0)],
      order: null,
    });

    expect(merged.map((block) => block.keyId)).toEqual(['n1', 'b', 'n2', 'c']);
  });

  it('lets a pending order win, keeping blocks it does not know after it', () => {
    const merged = mergePendingOps([...server, { keyId: 'other-tab', chunk: 'O' }], {
      blocks: [save('n', 'N', 1), { ...base, type: 'delete', keyId: 'b' }],
      order: order(['c', 'n', 'a', 'b']),
    });

    expect(merged.map((block) => block.keyId)).toEqual(['c', 'n', 'a', 'other-tab']);
  });

  it('restores a chapter typed while it was being created (the server has nothing yet)', () => {
    const merged = mergePendingOps([], {
      blocks: [save('x', 'X', 0), save('y', 'Y', 1)],
      order: order(['x', 'y']),
    });

    expect(merged).toEqual([
      { keyId: 'x', chunk: 'X' },
      { keyId: 'y', chunk: 'Y' },
    ]);
  });
});
