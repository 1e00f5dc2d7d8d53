/**
 * Issue 17 figure 2, mention matching: a 150,000-word chapter and 1,000 associations with 3 aliases each.
 * Compile, full scan (target ≤ 10 ms), re-scan of one edited paragraph (target ≤ 0.2 ms), and side by side
 * the naive way the old product matched (one whole-word regular expression per name and alias over the
 * whole text): the ratio, target ≥ 50×. Both ways must find the same mentions, or the ratio means nothing.
 *
 *   npx tsx bench/association-matcher.bench.ts
 */
import { performance } from 'node:perf_hooks';
import {
  compileAssociationMatcher,
  type AssociationMatcher,
  type MatchableAssociation,
} from '../shared/association-matcher';
import { compileNaiveMatcher } from '../test/helpers/naive-association-matcher';
import { seededRandom } from '../test/helpers/seeded-random';
import { median, printFigure } from './support/figures';

const WORD_COUNT = 150_000;
const WORDS_PER_PARAGRAPH = 25;
const ASSOCIATION_COUNT = 1_000;
const ALIASES_PER_ASSOCIATION = 3;
/** Share of words that start a mention, roughly what a character-heavy novel has. */
const MENTION_RATE = 0.03;
const RUNS = 15;
const PARAGRAPH_RUNS = 2_000;

const random = seededRandom(42);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const SYLLABLES = [
  'ka',
  'ren',
  'dor',
  'el',
  'mi',
  'tha',
  'lor',
  'vin',
  'sa',
  'bri',
  'an',
  'zo',
  'ë',
  'ło',
  'dź',
];
const COMMON_WORDS = ['the', 'and', 'of', 'to', 'a', 'in', 'was', 'she', 'he', 'that', 'it', 'with', 'her'];
const PUNCTUATION = ['', '', '', '', ',', '.', ';', '—', '!', '?', "'s"];

function inventedWord(syllables: number) {
  let word = '';
  for (let index = 0; index < syllables; index += 1) word += pick(SYLLABLES);
  return word.charAt(0).toUpperCase() + word.slice(1);
}

const associations: MatchableAssociation[] = Array.from({ length: ASSOCIATION_COUNT }, (_, index) => ({
  association_id: `association-${index}`,
  association_name: `${inventedWord(2)} ${inventedWord(3)}`,
  aliases: Array.from({ length: ALIASES_PER_ASSOCIATION }, () =>
    inventedWord(2 + Math.floor(random() * 2)),
  ).join(', '),
  case_sensitive: index % 2 === 0,
}));
const allNames = associations.flatMap((association) => [
  association.association_name,
  ...association.aliases.split(',').map((alias) => alias.trim()),
]);

const paragraphs: string[] = [];
for (let written = 0; written < WORD_COUNT; written += WORDS_PER_PARAGRAPH) {
  const words = Array.from(
    { length: WORDS_PER_PARAGRAPH },
    () => (random() < MENTION_RATE ? pick(allNames) : pick(COMMON_WORDS)) + pick(PUNCTUATION),
  );
  paragraphs.push(words.join(' '));
}
const text = paragraphs.join('\n');

/**
 * Wall and CPU time: on a machine busy with other work the wall time includes waiting for a core, the CPU
 * time does not.
 */
function time<T>(run: () => T): { result: T; ms: number; cpuMs: number } {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = run();
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { result, ms, cpuMs: (cpu.user + cpu.system) / 1000 };
}

function timeRuns(runs: number, run: () => unknown) {
  const timings = Array.from({ length: runs }, () => time(run));
  return {
    first: timings[0]!,
    medianMs: median(timings.map((timing) => timing.ms)),
    medianCpuMs: median(timings.map((timing) => timing.cpuMs)),
  };
}

let matcher: AssociationMatcher = compileAssociationMatcher([]);
const compile = timeRuns(RUNS, () => {
  matcher = compileAssociationMatcher(associations);
});
const scan = timeRuns(RUNS, () => matcher.findMentions(text));

const mentions = matcher.findMentions(text);

// An author edits here and there: each run re-scans a batch of different paragraphs, timed together (one
// paragraph takes microseconds, below what a single reading of the clock resolves well).
const paragraphScan = timeRuns(RUNS, () => {
  for (let run = 0; run < PARAGRAPH_RUNS; run += 1) {
    matcher.findMentions(paragraphs[(run * 7) % paragraphs.length]!);
  }
});

const naive = compileNaiveMatcher(associations);
const naiveScan = time(() => naive.findMentions(text));
const sameMentions =
  naiveScan.result.length === mentions.length &&
  naiveScan.result.every(
    (mention, index) =>
      mention.start === mentions[index]!.start &&
      mention.end === mentions[index]!.end &&
      mention.associationId === mentions[index]!.associationId,
  );
if (!sameMentions) throw new Error('the naive matcher and the automaton disagree on the mentions found');

console.log(
  `text: ${WORD_COUNT.toLocaleString('en')} words in ${paragraphs.length.toLocaleString('en')} paragraphs ` +
    `(${text.length.toLocaleString('en')} UTF-16 units); associations: ${ASSOCIATION_COUNT} × (name + ` +
    `${ALIASES_PER_ASSOCIATION} aliases); mentions found: ${mentions.length.toLocaleString('en')}, the same both ways`,
);
printFigure({
  name: 'matcher: compile 1,000 associations (CPU, median)',
  value: compile.medianCpuMs,
  unit: 'ms',
  comparison: `wall median ${compile.medianMs.toFixed(1)} ms; first ${compile.first.ms.toFixed(1)} ms`,
});
printFigure({
  name: 'matcher: scan 150,000 words (CPU, median)',
  value: scan.medianCpuMs,
  unit: 'ms',
  target: { at: 'most', limit: 10 },
  comparison: `wall median ${scan.medianMs.toFixed(1)} ms; first (cold) ${scan.first.ms.toFixed(1)} ms`,
});
printFigure({
  name: 'matcher: re-scan one edited paragraph (CPU, median)',
  value: (paragraphScan.medianCpuMs / PARAGRAPH_RUNS) * 1000,
  unit: 'µs',
  target: { at: 'most', limit: 200 },
  comparison: `${WORDS_PER_PARAGRAPH} words; wall ${((paragraphScan.medianMs / PARAGRAPH_RUNS) * 1000).toFixed(1)} µs`,
});
printFigure({
  name: 'matcher: naive scan / automaton scan (CPU)',
  value: naiveScan.cpuMs / scan.medianCpuMs,
  unit: '×',
  target: { at: 'least', limit: 50 },
  comparison: `naive: ${allNames.length.toLocaleString('en')} whole-word regular expressions, CPU ${naiveScan.cpuMs.toFixed(0)} ms`,
});
