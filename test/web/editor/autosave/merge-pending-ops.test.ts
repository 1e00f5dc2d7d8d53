import { describe, expect, it } from 'vitest';
import {
  CONFLICTED_COPY_MARKER,
  mergePendingOps,
  reconcileWithServer,
  type ServerBlock,
  type StoredBlock,
} from '../../../../web/src/editor/autosave/merge-pending-ops';
import type { BlockOp, SyncOrderOp } from '../../../../web/src/editor/autosave/pending-ops';
import { paragraph, run } from '../../../helpers/paragraphs';

const base = { storyId: 's', chapterId: 'c', retry: false };
const server: StoredBlock[] = [
  { keyId: 'a', chunk: 'A' },
  { keyId: 'b', chunk: 'B' },
  { keyId: 'c', chunk: 'C' },
];

function save(keyId: string, chunk: string, place: number): BlockOp {
  return { ...base, type: 'save', keyId, chunk, place };
}

function chunkOf(keyId: string, text: string): string {
  return JSON.stringify({ type: 'custom-paragraph', key_id: keyId, children: [{ type: 'text', text }] });
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

describe('reconcileWithServer', () => {
  const stored: ServerBlock[] = [
    { keyId: 'a', chunk: chunkOf('a', 'A, elsewhere'), revision: 2 },
    { keyId: 'b', chunk: chunkOf('b', 'B'), revision: 1 },
  ];
  const based = (op: BlockOp, baseRevision: number): BlockOp => ({ ...op, baseRevision });
  const texts = (blocks: StoredBlock[]) =>
    blocks.map((block) =>
      (JSON.parse(block.chunk) as { children: { text: string }[] }).children
        .map((child) => child.text)
        .join(''),
    );

  it('keeps both versions of a paragraph changed here and elsewhere, this one right after and marked', () => {
    const result = reconcileWithServer(
      stored,
      { blocks: [based(save('a', chunkOf('a', 'A, here'), 0), 1)], order: null },
      () => 'copy',
    );

    expect(texts(result.blocks)).toEqual(['A, elsewhere', `${CONFLICTED_COPY_MARKER}A, here`, 'B']);
    expect(result.blocks.map((block) => block.keyId)).toEqual(['a', 'copy', 'b']);
    expect(JSON.parse(result.blocks[1]!.chunk)).toMatchObject({ key_id: 'copy' });
    expect(result.ops).toEqual([
      expect.objectContaining({ type: 'save', keyId: 'copy', place: 1, baseRevision: 0 }),
    ]);
    expect(result.conflicts).toBe(1);
  });

  describe('knowing the version this page started from', () => {
    const paragraphChunk = (text: string) => JSON.stringify({ ...paragraph(run(text)), key_id: 'p' });
    const startedFrom = paragraphChunk('The lamp was lit. The river ran high.');
    const changedElsewhere: ServerBlock[] = [
      { keyId: 'p', chunk: paragraphChunk('The old lamp was lit. The river ran high.'), revision: 3 },
    ];

    it('merges a change of other words into one paragraph, sent as based on the server’s revision', () => {
      const mine = paragraphChunk('The lamp was lit. The river ran higher.');
      const result = reconcileWithServer(
        changedElsewhere,
        { blocks: [{ ...based(save('p', mine, 0), 2), baseChunk: startedFrom }], order: null },
        () => 'unused',
      );

      expect(texts(result.blocks)).toEqual(['The old lamp was lit. The river ran higher.']);
      expect(result.ops).toEqual([
        expect.objectContaining({
          keyId: 'p',
          chunk: result.blocks[0]!.chunk,
          baseRevision: 3,
          baseChunk: changedElsewhere[0]!.chunk,
        }),
      ]);
      expect({ conflicts: result.conflicts, merged: result.merged }).toEqual({ conflicts: 0, merged: 1 });
    });

    it('keeps both versions when both changed the same words', () => {
      const mine = paragraphChunk('The new lamp was lit. The river ran high.');
      const result = reconcileWithServer(
        changedElsewhere,
        { blocks: [{ ...based(save('p', mine, 0), 2), baseChunk: startedFrom }], order: null },
        () => 'copy',
      );

      expect(texts(result.blocks)).toEqual([
        'The old lamp was lit. The river ran high.',
        `${CONFLICTED_COPY_MARKER}The new lamp was lit. The river ran high.`,
      ]);
      expect({ conflicts: result.conflicts, merged: result.merged }).toEqual({ conflicts: 1, merged: 0 });
    });
  });

  it('keeps a change based on the current revision, and drops one the server already holds', () => {
    const result = reconcileWithServer(
      stored,
      {
        blocks: [based(save('a', stored[0]!.chunk, 0), 1), based(save('b', chunkOf('b', 'B, here'), 1), 1)],
        order: null,
      },
      () => 'unused',
    );

    expect(texts(result.blocks)).toEqual(['A, elsewhere', 'B, here']);
    expect(result.ops).toEqual([expect.objectContaining({ keyId: 'b', baseRevision: 1 })]);
    expect(result.conflicts).toBe(0);
  });

  it('brings back a paragraph changed here but deleted elsewhere, and drops a delete of one changed elsewhere', () => {
    const result = reconcileWithServer(
      stored,
      {
        blocks: [
          based({ ...base, type: 'delete', keyId: 'a' }, 1),
          based(save('gone', chunkOf('gone', 'Kept'), 2), 3),
          based({ ...base, type: 'delete', keyId: 'b' }, 1),
        ],
        order: null,
      },
      () => 'unused',
    );

    expect(texts(result.blocks)).toEqual(['A, elsewhere', 'Kept']);
    expect(result.ops).toEqual([
      expect.objectContaining({ type: 'save', keyId: 'gone', baseRevision: 0 }),
      expect.objectContaining({ type: 'delete', keyId: 'b' }),
    ]);
  });

  it("takes an unconfirmed save the server holds as this page's own: no conflict, and a delete after it stands", () => {
    const unconfirmedA = { baseRevision: 1, chunk: stored[0]!.chunk, place: 0 };
    const result = reconcileWithServer(
      stored,
      {
        blocks: [
          { ...based(save('a', chunkOf('a', 'A, typed after'), 0), 1), unconfirmed: unconfirmedA },
          {
            ...based({ ...base, type: 'delete', keyId: 'b' }, 0),
            unconfirmed: { baseRevision: 0, chunk: stored[1]!.chunk, place: 1 },
          },
        ],
        order: null,
      },
      () => 'unused',
    );

    expect(texts(result.blocks)).toEqual(['A, typed after']);
    expect(result.ops).toEqual([
      expect.objectContaining({ type: 'save', keyId: 'a', baseRevision: 2 }),
      expect.objectContaining({ type: 'delete', keyId: 'b', baseRevision: 1 }),
    ]);
    expect(result.ops.every((op) => op.unconfirmed === undefined)).toBe(true);
    expect(result.conflicts).toBe(0);
  });

  it('lays changes without a revision over the server as before', () => {
    const result = reconcileWithServer(
      stored,
      { blocks: [save('a', chunkOf('a', 'Unversioned'), 0)], order: null },
      () => 'unused',
    );

    expect(texts(result.blocks)).toEqual(['Unversioned', 'B']);
    expect(result.conflicts).toBe(0);
  });
});
