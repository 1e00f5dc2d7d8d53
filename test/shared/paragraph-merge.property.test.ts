import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeParagraph } from '../../shared/paragraph-merge';
import {
  generateMergeCase,
  lostCharacters,
  MY_LETTERS,
  onlyDeletesFromBase,
  paragraphChunk,
  styledCharacters,
  THEIR_LETTERS,
} from '../helpers/merge-corpus';
import { seededRandom } from '../helpers/seeded-random';

/**
 * Issue 26 §2's target, over generated concurrent edits of one paragraph (the corpus bench/merge.bench.ts
 * counts too). Fixed seed, 300 runs each: fast enough for CI.
 */
const RUNS = { seed: 26, numRuns: 300 };

function merge(seed: number, kind: 'disjoint' | 'any') {
  const testCase = generateMergeCase(seededRandom(seed), kind);
  const result = mergeParagraph(
    paragraphChunk(testCase.base),
    paragraphChunk(testCase.mine),
    paragraphChunk(testCase.theirs),
  );
  return { testCase, result };
}

describe('merging two devices’ edits of one paragraph (fast-check, fixed seed)', () => {
  it('merges edits of disjoint parts without a conflict, keeping both sides’ text and formatting', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const { testCase, result } = merge(seed, 'disjoint');
        expect(result.kind).toBe('merged');
        if (result.kind !== 'merged') return;
        expect(styledCharacters(result.chunk)).toEqual(testCase.expected);
      }),
      RUNS,
    );
  });

  it('loses no typed character: a merge holds both sides’ typing and only the base’s own text, or it is a conflict', () => {
    let conflicts = 0;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const { testCase, result } = merge(seed, 'any');
        if (result.kind === 'conflict') {
          conflicts += 1;
          return;
        }
        const merged = styledCharacters(result.chunk);
        expect(lostCharacters(testCase.mine, merged, MY_LETTERS)).toBe(0);
        expect(lostCharacters(testCase.theirs, merged, THEIR_LETTERS)).toBe(0);
        expect(onlyDeletesFromBase(testCase.base, merged)).toBe(true);
      }),
      RUNS,
    );
    // Edits anywhere in a short paragraph often meet, yet most pairs still merge.
    expect(conflicts).toBeLessThan(RUNS.numRuns);
  });
});
