import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kdpGutter, TRIM_SIZES } from '../../../../lambdas/domain/export/book-design';
import type { Manuscript } from '../../../../lambdas/domain/export/manuscript';
import type { PrintBook } from '../../../../lambdas/domain/export/print-book-layout';
import { chapterBlocks } from '../../../../lambdas/domain/export/paragraph-runs';
import { linesOnPage } from '../../../../lambdas/domain/export/pdf-lines';
import { renderPrintBook } from '../../../../lambdas/domain/export/render-print-book';
import { BOOK_TRIMS } from '../../../../shared/schemas/book';
import { pdfFonts, pdfText, temporaryFolder, writeExport } from './export-files';
import {
  ALL_MATTER,
  VOCABULARY,
  bodyLines,
  keepRuleBreaches,
  layoutPages,
  markedNovel as novel,
} from './print-book-reading';

/**
 * Issue 27 §2: the print book read back from the PDF (poppler's pdftotext, pdffonts, pdfinfo), never from the
 * renderer's own account of what it did.
 */

const INCH = 72;
const folder = temporaryFolder();
afterAll(() => folder.remove());

function pdfInfo(file: string, pages?: number): string {
  return execFileSync('pdfinfo', [...(pages ? ['-f', '1', '-l', String(pages)] : []), file], {
    encoding: 'utf8',
  });
}

describe('the print book of a 150,000-word novel, every matter on (Classic, 6 × 9 in)', () => {
  let file: string;
  let pages: string[];
  let contents: Map<string, number>;
  let manuscript: Manuscript;
  let pageStarts: PrintBook['pageStarts'];

  beforeAll(async () => {
    manuscript = novel(150_000, ALL_MATTER);
    const rendered = await renderPrintBook(manuscript, { year: 2026 });
    pageStarts = rendered.book.pageStarts;
    file = writeExport(folder.folder, 'novel.pdf', rendered.body);
    pages = layoutPages(file);
    // The contents run over as many pages as they need, up to the blank page or the first chapter.
    const first = pages.findIndex((page) => page.includes('CONTENTS'));
    const entryLines = pages.slice(first).map((page) => [...page.matchAll(/^\s*(.+?)\s{2,}(\d+)\s*$/gm)]);
    const contentsPages = entryLines.findIndex((entries, index) => index > 0 && entries.length === 0);
    contents = new Map(
      entryLines
        .slice(0, contentsPages === -1 ? undefined : contentsPages)
        .flat()
        .map((match) => [match[1]!.trim(), Number(match[2])]),
    );
  }, 60_000);

  it('is the trim, page after page, with an even page count', () => {
    const info = pdfInfo(file, pages.length);
    const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((match) => [
      Number(match[1]),
      Number(match[2]),
    ]);
    expect(sizes).toHaveLength(pages.length);
    for (const size of sizes) expect(size).toEqual([6 * INCH, 9 * INCH]);
    expect(pages.length % 2).toBe(0);
    expect(pages.length).toBeGreaterThan(400);
  });

  it('embeds every face as a subset, and no standard font', () => {
    const fonts = pdfFonts(file)
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '');
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) {
      const [name] = line.split(/\s+/);
      expect(name).toMatch(/^[A-Z]{6}\+EBGaramond-/);
      // Columns from the end: emb, sub, uni, object, generation.
      expect(line.split(/\s+/).slice(-5, -3)).toEqual(['yes', 'yes']);
    }
  });

  it('lists every chapter and back-matter section with the page it opens on, always a right-hand page', () => {
    const titles = [
      ...manuscript.chapters.map((chapter) => chapter.title),
      'Acknowledgements',
      'About the Author',
      'Also by Ada Quill',
    ];
    expect([...contents.keys()]).toEqual(titles);
    for (const [title, page] of contents) {
      expect(page % 2, `${title} opens on page ${page}`).toBe(1);
      // Headings are letter-spaced, which pdftotext reads back as spaces between some letters.
      const unspaced = (text: string) => text.replace(/\s+/g, '');
      expect(unspaced(pages[page - 1]!)).toContain(unspaced(title.toLocaleUpperCase()));
    }
  });

  it('sets the front matter first: title page, copyright, dedication, epigraph, contents', () => {
    expect(pages[0]).toContain('THE LANTERN ROAD');
    expect(pages[1]).toContain('Copyright © 2026 Ada Quill');
    expect(pages[1]).toContain('All rights reserved.');
    expect(pages[2]).toContain('For the keepers of lights.');
    expect(pages[3]!.trim()).toBe('');
    expect(pages[4]).toContain('The sea remembers.');
    expect(pages[4]).toContain('— Anon.');
    expect(pages[6]).toContain('CONTENTS');
  });

  it('leaves no widow, no orphan and no hyphen at a page foot, and no chapter ending with one line alone', () => {
    const { lines, paragraphs, orphans, widows } = keepRuleBreaches(pages);
    expect(paragraphs).toBeGreaterThan(2_000);
    expect({ orphans, widows }).toEqual({ orphans: [], widows: [] });
    for (const pageLines of lines) expect(pageLines.at(-1) ?? '').not.toMatch(/-\s*$/);

    const openers = [...contents.values()];
    const chapterEnds = openers.slice(1).map((next) => {
      let last = next - 2;
      while (lines[last]!.length === 0) last -= 1;
      return last;
    });
    const alone = chapterEnds.filter((page) => lines[page]!.length === 1 && !openers.includes(page + 1));
    expect(alone).toEqual([]);
  });

  it('mirrors the margins, the gutter inside and as wide as KDP asks for this many pages', () => {
    const inside = kdpGutter(pages.length) + 0.25 * INCH;
    const outside = 0.5 * INCH;
    // A full text page on each side: its lines' left and right ends.
    const edges = (page: number) => {
      const html = execFileSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-'], {
        encoding: 'utf8',
      });
      const words = [...html.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)"/g)]
        .map((match) => ({ left: Number(match[1]), top: Number(match[2]), right: Number(match[3]) }))
        .filter((word) => word.top > 0.8 * INCH);
      return {
        left: Math.min(...words.map((word) => word.left)),
        right: Math.max(...words.map((word) => word.right)),
      };
    };
    const recto = edges(contents.get('Chapter 2')! + 2);
    const verso = edges(contents.get('Chapter 2')! + 1);
    expect(recto.left).toBeCloseTo(inside, 0);
    expect(6 * INCH - recto.right).toBeCloseTo(outside, 0);
    expect(verso.left).toBeCloseTo(outside, 0);
    expect(6 * INCH - verso.right).toBeCloseTo(inside, 0);
    expect(kdpGutter(pages.length)).toBe(kdpGutter(pages.length - 40));
  });

  it('says where each chapter page begins in the text, as the PDF reads (the EPUB marks its page list there)', () => {
    const lines = pages.map(bodyLines);
    const checked = pageStarts.filter(({ block }) => block >= 0);
    const found = checked.flatMap(({ chapter, block, word, page }) => {
      const stored = chapterBlocks(manuscript.chapters[chapter]!.paragraphs)[block]!;
      if (stored.kind !== 'text') return [];
      const expected = stored.runs
        .map((run) => run.text)
        .join('')
        .match(/[^ \n]+/g)![word]!;
      const firstWord = lines[page - 1]![0]!.trim().split(/\s+/)[0]!;
      return [
        firstWord.toLowerCase() === expected.toLowerCase()
          ? 'found'
          : `page ${page}: ${firstWord} ≠ ${expected}`,
      ];
    });

    expect(pageStarts.filter(({ block }) => block === -1)).toHaveLength(manuscript.chapters.length);
    expect(found.length).toBeGreaterThan(300);
    expect(found.filter((outcome) => outcome !== 'found')).toEqual([]);
  });

  it('heads left-hand pages with the author and right-hand ones with the title, folios outside, none on openers', () => {
    const opener = contents.get('Chapter 3')!;
    const headOf = (page: number) => pages[page - 1]!.split('\n').find((line) => line.trim() !== '')!;
    expect(headOf(opener + 1)).toMatch(
      new RegExp(`^\\s*${opener + 1}\\s+A D A\\s+Q U I L L\\s*$|^\\s*${opener + 1}\\s+ADA QUILL\\s*$`),
    );
    expect(headOf(opener + 2)).toMatch(new RegExp(`THE LANTERN ROAD\\s+${opener + 2}\\s*$`));
    expect(headOf(opener)).not.toMatch(/LANTERN ROAD|ADA QUILL/);
  });
});

describe('the print book', () => {
  it.each(BOOK_TRIMS)('is set on the %s trim', async (trim) => {
    const { body } = await renderPrintBook(novel(3_000, { trim }));
    const info = pdfInfo(writeExport(folder.folder, `${trim}.pdf`, body));
    const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
    expect([Number(width), Number(height)]).toEqual(
      [Number(TRIM_SIZES[trim].width.toFixed(2)), Number(TRIM_SIZES[trim].height.toFixed(2))].map((points) =>
        expect.closeTo(points, 0),
      ),
    );
  });

  it.each(['classic', 'modern', 'romance'] as const)(
    'in the %s style gives every word of the chapters in order',
    async (style) => {
      const manuscript = novel(2_000, {
        style,
        front_matter: { title_page: false, copyright_page: false, table_of_contents: false },
      });
      const { body } = await renderPrintBook(manuscript);
      const isNovelWord = (word: string) => VOCABULARY.includes(word) || /^[se]\d+$/.test(word);
      // Read line by line as laid out: pdftotext's raw order moves a word set smaller (the small capitals).
      const words = layoutPages(writeExport(folder.folder, `${style}.pdf`, body))
        .join('\n')
        .toLowerCase()
        .split(/\s+/)
        .filter(isNovelWord);
      const expected = manuscript.chapters
        .flatMap((chapter) => chapter.paragraphs)
        .flatMap((stored) => stored.children.map((child) => (child as { text: string }).text))
        .join(' ')
        .split(' ')
        .filter(isNovelWord);
      expect(words).toEqual(expected);
    },
  );

  it('says the author’s own copyright text under the year they chose', async () => {
    const { body } = await renderPrintBook(
      novel(1_000, {
        front_matter: { copyright_year: 2031, copyright_text: 'First edition.\nISBN 978-0-00-000000-0' },
      }),
    );
    const copyright = pdfText(writeExport(folder.folder, 'copyright.pdf', body)).split('\f')[1]!;
    expect(copyright).toContain('Copyright © 2031 Ada Quill');
    expect(copyright).toContain('First edition.');
    expect(copyright).toContain('ISBN 978-0-00-000000-0');
    expect(copyright).not.toContain('All rights reserved.');
  });
});

describe('linesOnPage', () => {
  it.each([
    ['fits whole', 5, 0, 8, false, 5],
    ['leaves no first line alone at a foot', 5, 0, 1, false, 0],
    ['leaves no last line alone at a head', 5, 0, 4, false, 3],
    ['moves a three-line paragraph whole rather than split it 2 + 1 or 1 + 2', 3, 0, 2, false, 0],
    ['splits a long paragraph where both parts keep two lines', 10, 0, 6, false, 6],
    ['keeps the widow rule on a continuation page', 31, 20, 30, true, 29],
    ['always puts something on a fresh page', 1, 0, 1, true, 1],
  ])('%s', (_, remaining, placed, left, fresh, expected) => {
    expect(linesOnPage(remaining, placed, left, fresh)).toBe(expected);
  });
});
