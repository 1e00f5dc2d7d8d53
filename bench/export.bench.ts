/**
 * How fast a whole novel exports: 150,000 words in 60 chapters to each format and layout, each render in a
 * process of its own so its peak memory is its own. Targets: DOCX ≤ 1.5 s, PDF ≤ 2.5 s, EPUB ≤ 1 s, each
 * ≤ 256 MB. Beside them, in the same run, Debian's pandoc turns the same text (as Markdown) into each format,
 * and the ratio says how many times faster ours is (target for DOCX: at least 2×). pandoc has no PDF engine
 * of its own: it writes HTML, which headless Chromium prints (the way its HTML engines such as wkhtmltopdf
 * make PDFs). Prints; never fails on a figure.
 *
 *   npx tsx bench/export.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  createManuscript,
  type ExportLayout,
  type ExportType,
  type Manuscript,
} from '../lambdas/domain/export/manuscript';
import { renderManuscript } from '../lambdas/domain/export/render-manuscript';
import type { InlineNode, Paragraph } from '../shared/schemas/paragraph';
import { seededRandom } from '../test/helpers/seeded-random';
import { printFigure } from './support/figures';

const WORD_COUNT = 150_000;
const CHAPTER_COUNT = 60;
const TYPES: readonly ExportType[] = ['docx', 'pdf', 'epub'];
const LAYOUTS: readonly ExportLayout[] = ['manuscript', 'book'];
const TARGET_SECONDS: Record<ExportType, number> = { docx: 1.5, pdf: 2.5, epub: 1 };
const TARGET_MEGABYTES = 256;

const VOCABULARY = (
  'the and of to a in was she he that it with her his had on at for as they by from but not lantern road ' +
  'night river stone winter morning quietly whispered remembered travellers bridge shadow window answered ' +
  'before against through between always nothing something mountain kingdom silver letter promise'
).split(' ');

/** A novel as stored paragraphs: 25 to 120 words each, a tab first, now and then an italic or bold phrase. */
function generatedNovel(): { manuscript: Manuscript; markdown: string } {
  const random = seededRandom(7);
  const pick = () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]!;
  const wordsPerChapter = WORD_COUNT / CHAPTER_COUNT;
  const markdown: string[] = ['% The Lantern Road', '% Ada Quill', ''];
  const chapters = Array.from({ length: CHAPTER_COUNT }, (_, chapterIndex) => {
    const title = `Chapter ${chapterIndex + 1}`;
    markdown.push(`# ${title}`, '');
    const paragraphs: Paragraph[] = [];
    let written = 0;
    while (written < wordsPerChapter) {
      const length = Math.min(25 + Math.floor(random() * 96), wordsPerChapter - written);
      const words = Array.from({ length }, pick);
      words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
      const styled = random() < 0.3 ? Math.floor(random() * (length - 1)) : -1;
      const children: InlineNode[] = [];
      const plain = (text: string, format = 0): InlineNode => ({
        type: 'text',
        version: 1,
        text,
        format,
        style: '',
        detail: 0,
        mode: 'normal',
      });
      if (styled >= 0) {
        const format = random() < 0.7 ? 2 : 1;
        children.push(plain(`\t${words.slice(0, styled).join(' ')} `));
        children.push(plain(words[styled]!, format));
        children.push(plain(` ${words.slice(styled + 1).join(' ')}.`));
        const mark = format === 2 ? '*' : '**';
        markdown.push(
          `${words.slice(0, styled).join(' ')} ${mark}${words[styled]}${mark} ${words.slice(styled + 1).join(' ')}.`,
          '',
        );
      } else {
        children.push(plain(`\t${words.join(' ')}.`));
        markdown.push(`${words.join(' ')}.`, '');
      }
      paragraphs.push({
        type: 'custom-paragraph',
        version: 1,
        format: '',
        indent: 0,
        direction: 'ltr',
        children,
      });
      written += length;
    }
    return { title, paragraphs };
  });
  const manuscript = createManuscript({
    storyId: 'bench',
    title: 'The Lantern Road',
    authorName: 'Ada Quill',
    authorContact: 'ada@example.com',
    chapters,
  });
  return { manuscript, markdown: markdown.join('\n') };
}

interface Measurement {
  seconds: number;
  cpuSeconds: number;
  warmSeconds: number;
  peakMegabytes: number;
  baselineMegabytes: number;
  bytes: number;
}

/** In a child process: one format and layout, rendered twice (cold, as a fresh Lambda pays, then warm). */
async function measureOne(type: ExportType, layout: ExportLayout): Promise<Measurement> {
  const { manuscript } = generatedNovel();
  const baselineMegabytes = process.memoryUsage().rss / 2 ** 20;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const rendered = await renderManuscript(manuscript, type, layout);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const warmStarted = performance.now();
  await renderManuscript(manuscript, type, layout);
  const warmSeconds = (performance.now() - warmStarted) / 1000;
  return {
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    warmSeconds,
    // maxRSS is in kilobytes.
    peakMegabytes: process.resourceUsage().maxRSS / 1024,
    baselineMegabytes,
    bytes: rendered.body.byteLength,
  };
}

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DOCX_RATIO_TARGET = 2;

/** pandoc's command for each format, reading `source` and writing into `folder`. */
function pandocCommands(type: ExportType, source: string, folder: string): string[][] {
  if (type !== 'pdf')
    return [['pandoc', '-f', 'markdown', '-t', type, '-o', path.join(folder, `novel.${type}`), source]];
  const html = path.join(folder, 'novel.html');
  return [
    ['pandoc', '-f', 'markdown', '-t', 'html', '-s', '-o', html, source],
    [
      chromePath,
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      `--print-to-pdf=${path.join(folder, 'novel.pdf')}`,
      html,
    ],
  ];
}

/** Seconds pandoc takes to make `type` from the Markdown; null when it (or Chromium, for PDF) is missing. */
function pandocSeconds(markdown: string, type: ExportType): number | null {
  if (spawnSync('pandoc', ['--version']).status !== 0) return null;
  const folder = mkdtempSync(path.join(tmpdir(), 'loreweaver-bench-'));
  try {
    const source = path.join(folder, 'novel.md');
    writeFileSync(source, markdown);
    const started = performance.now();
    for (const [command, ...args] of pandocCommands(type, source, folder)) {
      if (spawnSync(command!, args).status !== 0) return null;
    }
    return (performance.now() - started) / 1000;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const [, , mode, type, layout] = process.argv;
if (mode === '--one') {
  process.stdout.write(JSON.stringify(await measureOne(type as ExportType, layout as ExportLayout)));
} else {
  const self = fileURLToPath(import.meta.url);
  const { manuscript, markdown } = generatedNovel();
  console.log(
    `novel: ${manuscript.wordCount.toLocaleString('en')} words in ${manuscript.chapters.length} chapters, ` +
      `${manuscript.chapters.reduce((sum, chapter) => sum + chapter.paragraphs.length, 0).toLocaleString('en')} paragraphs`,
  );
  for (const exportType of TYPES) {
    const pandoc = pandocSeconds(markdown, exportType);
    for (const exportLayout of LAYOUTS) {
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', self, '--one', exportType, exportLayout],
        {
          encoding: 'utf8',
        },
      );
      if (child.status !== 0) {
        console.log(`${exportType} ${exportLayout}: failed\n${child.stderr}`);
        continue;
      }
      const figures = JSON.parse(child.stdout) as Measurement;
      const name = `export ${exportType.toUpperCase()} ${exportLayout}`;
      printFigure({
        name: `${name}, cold`,
        value: figures.seconds,
        unit: 's',
        target: { at: 'most', limit: TARGET_SECONDS[exportType] },
        comparison:
          `CPU ${figures.cpuSeconds.toFixed(2)} s, warm ${figures.warmSeconds.toFixed(2)} s, ` +
          `${(figures.bytes / 2 ** 20).toFixed(1)} MB file` +
          (pandoc === null ? '; pandoc missing: no comparison' : `; pandoc ${pandoc.toFixed(2)} s`),
      });
      printFigure({
        name: `${name}, peak RSS`,
        value: figures.peakMegabytes,
        unit: 'MB',
        target: { at: 'most', limit: TARGET_MEGABYTES },
        comparison: `process before rendering ${figures.baselineMegabytes.toFixed(0)} MB`,
      });
      if (pandoc !== null) {
        printFigure({
          name: `${name}, pandoc's time ÷ ours`,
          value: pandoc / figures.seconds,
          unit: '×',
          ...(exportType === 'docx' ? { target: { at: 'least' as const, limit: DOCX_RATIO_TARGET } } : {}),
          comparison: `pandoc ${exportType === 'pdf' ? 'HTML printed by Chromium' : exportType} ${pandoc.toFixed(2)} s, ours ${figures.seconds.toFixed(2)} s`,
        });
      }
    }
  }
}
