/**
 * What a Chinese or Japanese title costs a generated cover: the first one in a process opens Noto Sans SC Bold
 * (a 10 MB TTF) on top of drawing the cover; later ones find it open. Each sample is a fresh process (a cold
 * Lambda opens the font once), measuring in order: a Latin cover (opens Tinos, warms sharp), the first CJK
 * cover, another CJK cover, then the first Korean cover (opens Noto Sans KR Bold, 6 MB). Prints medians;
 * never fails on a figure.
 *
 *   npx tsx bench/cover-fonts.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { generateCoverImage } from '../lambdas/domain/images/generated-cover';
import { median, printFigure } from './support/figures';

const SAMPLES = 7;
const MEASURE_FLAG = '--measure-one-process';

interface ProcessSample {
  latinMs: number;
  firstCjkMs: number;
  warmCjkMs: number;
  firstKoreanMs: number;
  rssGrowthMb: number;
}

async function timed(title: string): Promise<number> {
  const start = performance.now();
  await generateCoverImage(title);
  return performance.now() - start;
}

async function measureOneProcess(): Promise<ProcessSample> {
  const latinMs = await timed('The Long Night');
  const rssBefore = process.memoryUsage().rss;
  const firstCjkMs = await timed('東京物語');
  const rssGrowthMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
  const warmCjkMs = await timed('吾輩は猫である');
  const firstKoreanMs = await timed('채식주의자');
  return { latinMs, firstCjkMs, warmCjkMs, firstKoreanMs, rssGrowthMb };
}

function sampleInFreshProcess(): ProcessSample {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), MEASURE_FLAG],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`the measuring process failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as ProcessSample;
}

if (process.argv.includes(MEASURE_FLAG)) {
  process.stdout.write(JSON.stringify(await measureOneProcess()));
} else {
  const samples = Array.from({ length: SAMPLES }, sampleInFreshProcess);
  const medianOf = (pick: (sample: ProcessSample) => number) => median(samples.map(pick));
  const warmCjk = medianOf((sample) => sample.warmCjkMs);
  const firstCjk = medianOf((sample) => sample.firstCjkMs);
  printFigure({
    name: 'first CJK cover in a process (opens Noto Sans SC Bold)',
    value: firstCjk,
    unit: 'ms',
    comparison: `a later CJK cover ${warmCjk.toFixed(1)} ms: the font costs ≈ ${(firstCjk - warmCjk).toFixed(0)} ms once`,
  });
  printFigure({
    name: 'first Korean cover in a process (opens Noto Sans KR Bold)',
    value: medianOf((sample) => sample.firstKoreanMs),
    unit: 'ms',
    comparison: `a warm CJK cover ${warmCjk.toFixed(1)} ms`,
  });
  printFigure({
    name: 'first Latin cover in a process (opens Tinos Bold, starts sharp)',
    value: medianOf((sample) => sample.latinMs),
    unit: 'ms',
  });
  printFigure({
    name: 'memory the CJK font adds to the process (RSS)',
    value: medianOf((sample) => sample.rssGrowthMb),
    unit: 'MB',
  });
}
