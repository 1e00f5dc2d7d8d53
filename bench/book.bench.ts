/**
 * Issue 27 §2: a 150,000-word novel with every matter on made into a 6 × 9 in print book in each style, each in
 * a process of its own so its peak memory is its own; the PDF is read back (pdftotext) and its widows and
 * orphans counted; then its EPUB, every matter on, is checked by epubcheck. Targets: ≤ 10 s and ≤ 512 MB a book,
 * 0 widows and orphans, 0 epubcheck errors and warnings. Prints; never fails on a figure.
 *
 *   npx tsx bench/book.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { renderEpub } from '../lambdas/domain/export/render-epub';
import { renderPrintBook } from '../lambdas/domain/export/render-print-book';
import { BOOK_STYLES, type BookStyle } from '../shared/schemas/book';
import { epubcheck } from '../test/lambdas/domain/export/export-files';
import {
  ALL_MATTER,
  keepRuleBreaches,
  layoutPages,
  markedNovel,
} from '../test/lambdas/domain/export/print-book-reading';
import { printFigure } from './support/figures';

const WORDS = 150_000;

interface OneBook {
  seconds: number;
  peakMegabytes: number;
  pages: number;
  gutterInches: number;
  file: string;
}

/** One style's book, in this process (started by the parent with `--one <style> <folder>`). */
async function makeOne(style: BookStyle, folder: string): Promise<OneBook> {
  const manuscript = markedNovel(WORDS, { ...ALL_MATTER, style });
  const started = performance.now();
  const { body, book } = await renderPrintBook(manuscript);
  const seconds = (performance.now() - started) / 1000;
  const file = path.join(folder, `${style}.pdf`);
  writeFileSync(file, body);
  return {
    seconds,
    peakMegabytes: process.resourceUsage().maxRSS / 1024,
    pages: book.pages.length,
    gutterInches: book.gutter / 72,
    file,
  };
}

const [, self, flag, style, folder] = process.argv;
if (flag === '--one') {
  console.log(JSON.stringify(await makeOne(style as BookStyle, folder!)));
} else {
  const work = mkdtempSync(path.join(tmpdir(), 'loreweaver-book-bench-'));
  try {
    for (const each of BOOK_STYLES) {
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', self ?? fileURLToPath(import.meta.url), '--one', each, work],
        {
          encoding: 'utf8',
        },
      );
      if (child.status !== 0) {
        console.log(`${each}: failed\n${child.stderr}`);
        continue;
      }
      const figures = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as OneBook;
      const { paragraphs, orphans, widows } = keepRuleBreaches(layoutPages(figures.file));
      const name = `print book ${each}, ${WORDS.toLocaleString('en')} words, 6 × 9 in`;
      printFigure({
        name: `${name}: time`,
        value: figures.seconds,
        unit: 's',
        target: { at: 'most', limit: 10 },
      });
      printFigure({
        name: `${name}: peak memory`,
        value: figures.peakMegabytes,
        unit: 'MB',
        target: { at: 'most', limit: 512 },
      });
      printFigure({
        name: `${name}: widows and orphans`,
        value: widows.length + orphans.length,
        unit: '',
        target: { at: 'most', limit: 0 },
        comparison: `${paragraphs.toLocaleString('en')} paragraphs read back, ${figures.pages} pages, gutter ${figures.gutterInches} in`,
      });
    }
    const epub = path.join(work, 'novel.epub');
    writeFileSync(epub, (await renderEpub(markedNovel(WORDS, ALL_MATTER), 'book')).body);
    const check = epubcheck(epub);
    const counts = /Messages: (\d+) fatals? \/ (\d+) errors? \/ (\d+) warnings?/.exec(check.output);
    printFigure({
      name: `EPUB ${WORDS.toLocaleString('en')} words, every matter on: epubcheck errors and warnings`,
      value: counts ? Number(counts[1]) + Number(counts[2]) + Number(counts[3]) : Number.NaN,
      unit: '',
      target: { at: 'most', limit: 0 },
      comparison: check.output.trim().split('\n').slice(-3).join(' '),
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
