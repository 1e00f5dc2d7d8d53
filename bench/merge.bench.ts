/**
 * Two devices merging (issue 26 §2): 10,000 seeded concurrent edit pairs of one paragraph of each kind
 * (test/helpers/merge-corpus.ts). Figures: typed characters lost (target 0: each side's typing is in the merge,
 * or both versions are kept as a conflict), the conflict rate of edits to disjoint parts (target 0 %), the
 * conflict rate of edits anywhere (printed), and the time per merge.
 *
 *   npx tsx bench/merge.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { mergeParagraph } from '../shared/paragraph-merge';
import {
  generateMergeCase,
  lostCharacters,
  MY_LETTERS,
  paragraphChunk,
  styledCharacters,
  THEIR_LETTERS,
  type MergeCaseKind,
} from '../test/helpers/merge-corpus';
import { seededRandom } from '../test/helpers/seeded-random';
import { printFigure } from './support/figures';

const CASES = 10_000;
const random = seededRandom(20_261_129);

interface Tally {
  conflicts: number;
  lost: number;
  typed: number;
  milliseconds: number;
}

function measure(kind: MergeCaseKind): Tally {
  const tally: Tally = { conflicts: 0, lost: 0, typed: 0, milliseconds: 0 };
  for (let count = 0; count < CASES; count += 1) {
    const testCase = generateMergeCase(random, kind);
    const [base, mine, theirs] = [testCase.base, testCase.mine, testCase.theirs].map((text) =>
      paragraphChunk(text),
    );
    const started = performance.now();
    const result = mergeParagraph(base!, mine!, theirs!);
    tally.milliseconds += performance.now() - started;
    const typed =
      testCase.mine.filter(({ character }) => MY_LETTERS.includes(character)).length +
      testCase.theirs.filter(({ character }) => THEIR_LETTERS.includes(character)).length;
    tally.typed += typed;
    if (result.kind === 'conflict') {
      tally.conflicts += 1;
      continue;
    }
    const merged = styledCharacters(result.chunk);
    tally.lost +=
      lostCharacters(testCase.mine, merged, MY_LETTERS) +
      lostCharacters(testCase.theirs, merged, THEIR_LETTERS);
  }
  return tally;
}

const disjoint = measure('disjoint');
const anywhere = measure('any');

printFigure({
  name: 'typed characters lost (both kinds of edit pairs)',
  value: disjoint.lost + anywhere.lost,
  unit: 'chars',
  target: { at: 'most', limit: 0 },
  comparison: `of ${disjoint.typed + anywhere.typed} typed in ${2 * CASES} pairs`,
});
printFigure({
  name: 'edits of disjoint parts: conflicts',
  value: (100 * disjoint.conflicts) / CASES,
  unit: '%',
  target: { at: 'most', limit: 0 },
  comparison: `${disjoint.conflicts} of ${CASES}`,
});
printFigure({
  name: 'edits anywhere in the paragraph: conflicts (both versions kept)',
  value: (100 * anywhere.conflicts) / CASES,
  unit: '%',
  comparison: `${anywhere.conflicts} of ${CASES}`,
});
printFigure({
  name: 'mergeParagraph, mean time per merge',
  value: (disjoint.milliseconds + anywhere.milliseconds) / (2 * CASES),
  unit: 'ms',
});
