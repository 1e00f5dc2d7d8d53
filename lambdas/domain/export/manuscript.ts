import { type BookSettings, DEFAULT_BOOK_SETTINGS } from '../../../shared/schemas/book';
import type { Paragraph } from '../../../shared/schemas/paragraph';
import { countWords } from '../../../shared/word-count';
import type { ParagraphReview } from './manuscript-review';
import { paragraphText } from './paragraph-runs';

/** The file types a story exports to (`epub` is ours, beyond the spec's pdf and docx). */
export type ExportType = 'pdf' | 'docx' | 'epub';

/**
 * `manuscript`: Standard Manuscript Format (Shunn), what agents and editors ask authors to submit.
 * `book`: a typeset reading copy (trade paperback page, single-spaced, justified).
 */
export type ExportLayout = 'manuscript' | 'book';

export interface ManuscriptChapter {
  title: string;
  /** The chapter's stored paragraphs (the editor's custom-paragraph JSON), in order. */
  paragraphs: readonly Paragraph[];
  /** Comments and suggestions by the index of their paragraph in `paragraphs`; absent unless asked for. */
  review?: ReadonlyMap<number, ParagraphReview>;
}

/** Everything a renderer needs, read from storage by the caller: renderers never touch storage. */
export interface Manuscript {
  /** Stable across exports of the same story, so an e-reader sees a re-export as the same book. */
  storyId: string;
  title: string;
  authorName: string;
  /** The contact line under the author's name on a manuscript's title page (the author's email). */
  authorContact: string;
  /** Counted from the text with the editor's own rule. */
  wordCount: number;
  chapters: readonly ManuscriptChapter[];
  /** How the story is made into a book (issue 27): the book layout's trim, style and matter. */
  book: BookSettings;
  /** Read only for an EPUB. */
  cover?: CoverImage;
  /**
   * The print edition made last of this very text and these settings (an EPUB's page list, issue 27 §3): an
   * identifier of the edition and where each of its chapter pages begins.
   */
  printEdition?: PrintEdition;
}

/**
 * Where a page of a chapter begins in the text: the chapter, the block of `chapterBlocks` (-1: the chapter's
 * heading) and the word of that block. The EPUB marks its page breaks there (issue 27 §3).
 */
export interface PageStart {
  chapter: number;
  block: number;
  word: number;
}

export interface PrintEdition {
  source: string;
  pages: (PageStart & { page: number })[];
}

/** The story's cover as stored, JPEG or PNG (both EPUB core media types): the EPUB's cover image. */
export interface CoverImage {
  body: Uint8Array;
  contentType: 'image/jpeg' | 'image/png';
}

export interface RenderedExport {
  body: Uint8Array;
  contentType: string;
  /** Without the dot. */
  extension: ExportType;
  /** The print book's (book-layout PDF) chapter pages and where each begins in the text. */
  pageStarts?: PrintEdition['pages'];
}

/**
 * A manuscript with its word count taken from the chapters' text (paragraphs counted apart, as the editor does)
 * and the default book settings when none are given.
 */
export function createManuscript(
  fields: Omit<Manuscript, 'wordCount' | 'book'> & { book?: BookSettings },
): Manuscript {
  let wordCount = 0;
  for (const chapter of fields.chapters) {
    for (const paragraph of chapter.paragraphs) wordCount += countWords(paragraphText(paragraph));
  }
  // A story whose author set no book settings is made into a book by the defaults.
  return { ...fields, book: fields.book ?? DEFAULT_BOOK_SETTINGS, wordCount };
}

/**
 * The word count a manuscript's title page states, rounded as Shunn's Proper Manuscript Format says: to the
 * nearest 100 words; once a story reaches novella length (17,500 words, SFWA's threshold) to the nearest 500;
 * a novel (40,000 words and up) to the nearest 1,000. A text under 100 words states its exact count, since
 * "about 0 words" tells an editor nothing.
 */
export function roundedWordCount(wordCount: number): number {
  if (wordCount < 100) return wordCount;
  const step = wordCount >= 40_000 ? 1000 : wordCount >= 17_500 ? 500 : 100;
  return Math.round(wordCount / step) * step;
}

/** "about 80,000 words", as it stands in the title page's top right corner. */
export function wordCountLine(wordCount: number): string {
  const rounded = roundedWordCount(wordCount);
  const approximate = rounded === wordCount && wordCount < 100 ? '' : 'about ';
  return `${approximate}${rounded.toLocaleString('en-US')} ${rounded === 1 ? 'word' : 'words'}`;
}

/** The surname for the running header: the last word of the author's name (the whole name when it is one word). */
export function authorSurname(authorName: string): string {
  const words = authorName.trim().split(/\s+/);
  return words[words.length - 1] ?? '';
}

/** SMF's running header, "Surname / TITLE / " followed by the page number. */
export function runningHeaderPrefix(manuscript: Pick<Manuscript, 'authorName' | 'title'>): string {
  const surname = authorSurname(manuscript.authorName);
  const title = manuscript.title.toLocaleUpperCase('en-US');
  return surname ? `${surname} / ${title} / ` : `${title} / `;
}
