/**
 * Comment anchoring: 20,000 seeded random edits of a chapter (test/helpers/anchoring-corpus.ts), each re-anchored
 * once. Figures: the share put back on exactly the right words (target ≥ 99 %), the share placed anywhere
 * when the quoted words are gone (target 0 %: every such comment detaches), the same per kind of edit, and the
 * time per `reanchor` call.
 *
 *   npx tsx bench/anchoring.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { seededRandom } from '../test/helpers/seeded-random';
import { reanchor } from '../shared/anchoring';
import {
  EDIT_KINDS,
  generateCase,
  judge,
  quoteStillOccurs,
  type EditKind,
  type Verdict,
} from '../test/helpers/anchoring-corpus';
import { printFigure } from './support/figures';

const CASES = 20_000;
const random = seededRandom(20_261_128);

const tally = new Map<EditKind, Record<Verdict, number>>(
  EDIT_KINDS.map((kind) => [kind, { right: 0, wrong: 0, detached: 0 }]),
);
let reanchorMilliseconds = 0;
for (let count = 0; count < CASES; count += 1) {
  const testCase = generateCase(random);
  // A deleted quote that still occurs elsewhere may rightly be found there: not a "quote is gone" case.
  if (testCase.kind === 'quote-deleted' && quoteStillOccurs(testCase)) continue;
  const started = performance.now();
  const result = reanchor(testCase.anchor, testCase.paragraphs);
  reanchorMilliseconds += performance.now() - started;
  tally.get(testCase.kind)![judge(testCase, result)] += 1;
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : (100 * part) / whole);
const total = (verdicts: Record<Verdict, number>) => verdicts.right + verdicts.wrong + verdicts.detached;
const kept = EDIT_KINDS.filter((kind) => kind !== 'quote-deleted').map((kind) => tally.get(kind)!);
const keptRight = kept.reduce((sum, verdicts) => sum + verdicts.right, 0);
const keptTotal = kept.reduce((sum, verdicts) => sum + total(verdicts), 0);
const gone = tally.get('quote-deleted')!;
const measured = keptTotal + total(gone);

printFigure({
  name: 'quote still there: re-anchored on the right words',
  value: percent(keptRight, keptTotal),
  unit: '%',
  target: { at: 'least', limit: 99 },
  comparison: `${keptTotal} edits`,
});
printFigure({
  name: 'quote still there: placed on wrong words',
  value: percent(
    kept.reduce((sum, verdicts) => sum + verdicts.wrong, 0),
    keptTotal,
  ),
  unit: '%',
  target: { at: 'most', limit: 0 },
});
printFigure({
  name: 'quote deleted: placed anywhere (not detached)',
  value: percent(gone.wrong, total(gone)),
  unit: '%',
  target: { at: 'most', limit: 0 },
  comparison: `${total(gone)} edits`,
});
for (const kind of EDIT_KINDS) {
  const verdicts = tally.get(kind)!;
  printFigure({
    name: `  ${kind}: right`,
    value: percent(verdicts.right, total(verdicts)),
    unit: '%',
    comparison: `wrong ${verdicts.wrong}, detached ${kind === 'quote-deleted' ? verdicts.right : verdicts.detached} of ${total(verdicts)}`,
  });
}
printFigure({
  name: 'reanchor, mean time per call',
  value: (1_000 * reanchorMilliseconds) / measured,
  unit: 'µs',
});
