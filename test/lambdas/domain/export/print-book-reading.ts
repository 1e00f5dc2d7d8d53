import { execFileSync } from 'node:child_process';
import { createManuscript, type Manuscript } from '../../../../lambdas/domain/export/manuscript';
import { BookSettingsSchema, type BookSettingsRequest } from '../../../../shared/schemas/book';
import type { Paragraph } from '../../../../shared/schemas/paragraph';
import { seededRandom } from '../../../helpers/seeded-random';
import { paragraph, text } from './manuscript-fixture';

/**
 * A novel whose paragraphs say where they begin and end, and the read-back of its print PDF that finds every
 * widow and orphan: shared by the print book's test and its benchmark (`bench/book.bench.ts`).
 */

/** None of these is in the title, the author's name or a heading, so a line holding one is body text. */
export const VOCABULARY = [
  'harbour',
  'ember',
  'salt',
  'tide',
  'quiet',
  'river',
  'stone',
  'winter',
  'sea-worn',
  'gull',
];

/**
 * A novel of about `words` words in chapters of about 2,500, its paragraphs from 5 to 160 words with a scene
 * break now and then, each chapter ending on a line of five words. Paragraph n carries `s<n>` as its fourth word (the first ones may be set in small
 * capitals) and ends with `e<n>`, so the read-back can tell which lines open and close each paragraph.
 */
export function markedNovel(words: number, settings: BookSettingsRequest = {}): Manuscript {
  const random = seededRandom(27);
  const chapters: { title: string; paragraphs: Paragraph[] }[] = [];
  let written = 0;
  let id = 0;
  while (written < words) {
    const paragraphs: Paragraph[] = [];
    let chapterWords = 0;
    while (chapterWords < 2_500) {
      if (paragraphs.length > 0 && random() < 0.04) paragraphs.push(paragraph([text('* * *')]));
      const length = random() < 0.25 ? 5 + Math.floor(random() * 10) : 20 + Math.floor(random() * 140);
      const body = Array.from(
        { length: length - 2 },
        () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]!,
      );
      id += 1;
      body.splice(3, 0, `s${id}`);
      paragraphs.push(paragraph([text(`${body.join(' ')} e${id}`)]));
      chapterWords += length;
    }
    // Every chapter ends on a one-line paragraph, the ending the rule against a lone last line is about.
    id += 1;
    paragraphs.push(paragraph([text(`harbour salt tide s${id} e${id}`)]));
    written += chapterWords;
    chapters.push({ title: `Chapter ${chapters.length + 1}`, paragraphs });
  }
  return createManuscript({
    storyId: 'story-1',
    title: 'The Lantern Road',
    authorName: 'Ada Quill',
    authorContact: 'ada@example.com',
    chapters,
    book: BookSettingsSchema.parse(settings),
  });
}

/** Every front and back matter on: the novel of the print book's test and benchmark. */
export const ALL_MATTER: BookSettingsRequest = {
  front_matter: {
    dedication: 'For the keepers of lights.',
    epigraph: 'The sea remembers.',
    epigraph_source: 'Anon.',
  },
  back_matter: {
    acknowledgements: 'To the harbour master.',
    about_the_author: 'Ada Quill lives by the sea.',
    also_by: ['The Tide Clock'],
  },
};

/** The page's lines of body text: those with a word of the novel (running heads, folios and titles have none). */
export function bodyLines(page: string): string[] {
  return page
    .split('\n')
    .filter(
      (line) => /\b(?:[se]\d+)\b/i.test(line) || VOCABULARY.some((word) => line.toLowerCase().includes(word)),
    );
}

/** The PDF's pages as pdftotext lays them out, the last (empty) split left off. */
export function layoutPages(file: string): string[] {
  const pages = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }).split('\f');
  pages.pop();
  return pages;
}

/**
 * The paragraphs whose first line stands alone at a page's foot (orphans) and whose last line stands alone at
 * the next page's head (widows), by id; `lines` are each page's body lines.
 */
export function keepRuleBreaches(pages: readonly string[]) {
  const lines = pages.map(bodyLines);
  const opening = new Map<number, { page: number; line: number }>();
  const closing = new Map<number, { page: number; line: number }>();
  lines.forEach((pageLines, page) =>
    pageLines.forEach((line, index) => {
      for (const [, kind, id] of line.matchAll(/\b([se])(\d+)\b/gi)) {
        (kind!.toLowerCase() === 's' ? opening : closing).set(Number(id), { page, line: index });
      }
    }),
  );
  const orphans: number[] = [];
  const widows: number[] = [];
  for (const [id, start] of opening) {
    const end = closing.get(id);
    if (!end) throw new Error(`Paragraph ${id}'s last words are not in the PDF`);
    if (end.page === start.page) continue;
    if (start.line === lines[start.page]!.length - 1) orphans.push(id);
    if (end.line === 0) widows.push(id);
  }
  return { lines, paragraphs: opening.size, orphans, widows };
}
