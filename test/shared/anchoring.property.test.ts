import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../helpers/seeded-random';
import { reanchor } from '../../shared/anchoring';
import { EDIT_KINDS, generateCase, judge, quoteStillOccurs } from '../helpers/anchoring-corpus';

/**
 * fast-check picks the kind of edit and the seed of the chapter generator shared with bench/anchoring.bench.ts,
 * which knows where the quoted words truly are after the edit. Fixed seed and 200 runs each: fast enough for CI.
 */
const RUNS = { seed: 17, numRuns: 200 };
const KEPT_QUOTE_EDITS = EDIT_KINDS.filter((kind) => kind !== 'quote-deleted');

describe('reanchor on generated edits (fast-check, fixed seed)', () => {
  it('never puts the anchor on wrong words, and nearly always back on the quoted ones', () => {
    let right = 0;
    fc.assert(
      fc.property(fc.constantFrom(...KEPT_QUOTE_EDITS), fc.integer(), (kind, seed) => {
        const testCase = generateCase(seededRandom(seed), kind);
        const result = reanchor(testCase.anchor, testCase.paragraphs);
        const verdict = judge(testCase, result);
        // Detaching is allowed (a short quote whose context changed on both sides is ambiguous); wrong words never.
        expect(verdict, JSON.stringify({ testCase, result })).not.toBe('wrong');
        if (verdict === 'right') right += 1;
      }),
      RUNS,
    );
    expect(right / RUNS.numRuns).toBeGreaterThanOrEqual(0.97);
  });

  it('detaches when the quoted words are deleted and occur nowhere else', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const testCase = generateCase(seededRandom(seed), 'quote-deleted');
        fc.pre(!quoteStillOccurs(testCase));
        expect(reanchor(testCase.anchor, testCase.paragraphs).state).toBe('detached');
      }),
      RUNS,
    );
  });
});
