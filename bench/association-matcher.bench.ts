/**
 * How fast the association matcher compiles and scans at the size the editor must stay smooth with:
 * a 100,000-word chapter and 500 associations with 3 aliases each.
 *
 *   npx tsx bench/association-matcher.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { compileAssociationMatcher, type MatchableAssociation } from '../shared/association-matcher';

const WORD_COUNT = 100_000;
const ASSOCIATION_COUNT = 500;
const ALIASES_PER_ASSOCIATION = 3;
/** Share of words that start a mention, roughly what a character-heavy novel has. */
const MENTION_RATE = 0.03;
const RUNS = 10;

/** Deterministic, so every run measures the same text. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

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

const words: string[] = [];
while (words.length < WORD_COUNT) {
  const word = random() < MENTION_RATE ? pick(allNames) : pick(COMMON_WORDS);
  words.push(word + pick(PUNCTUATION));
}
const text = words.join(' ');

/**
 * Wall time, and the CPU time the process spent: on a machine busy with other work the wall time includes
 * waiting for a core, the CPU time does not.
 */
function time<T>(run: () => T): { result: T; ms: number; cpuMs: number } {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = run();
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { result, ms, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** First run is what the editor pays on opening a chapter (cold code); the median is a warm re-run. */
function summary(runs: { ms: number; cpuMs: number }[]) {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const first = runs[0]!;
  return (
    `first ${first.ms.toFixed(1)} ms (CPU ${first.cpuMs.toFixed(1)} ms), ` +
    `median ${median(runs.map((run) => run.ms)).toFixed(1)} ms (CPU ${median(runs.map((run) => run.cpuMs)).toFixed(1)} ms) ` +
    `over ${runs.length} runs`
  );
}

const compileRuns: { ms: number; cpuMs: number }[] = [];
let matcher = compileAssociationMatcher([]);
for (let run = 0; run < RUNS; run += 1) {
  const compiled = time(() => compileAssociationMatcher(associations));
  matcher = compiled.result;
  compileRuns.push(compiled);
}

const scanRuns: { ms: number; cpuMs: number }[] = [];
let mentionCount = 0;
for (let run = 0; run < RUNS; run += 1) {
  const scanned = time(() => matcher.findMentions(text));
  mentionCount = scanned.result.length;
  scanRuns.push(scanned);
}

console.log(
  `text: ${WORD_COUNT.toLocaleString('en')} words (${text.length.toLocaleString('en')} UTF-16 units); ` +
    `associations: ${ASSOCIATION_COUNT} × (name + ${ALIASES_PER_ASSOCIATION} aliases); mentions found: ${mentionCount}`,
);
console.log(`compile: ${summary(compileRuns)}`);
console.log(`scan:    ${summary(scanRuns)}`);
