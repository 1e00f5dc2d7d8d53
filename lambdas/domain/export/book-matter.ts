import type { Manuscript } from './manuscript';

/**
 * The book's matter as both the print book and the EPUB set it (issue 27), so the two editions say the same
 * things under the same titles in the same order.
 */

/** A matter text's paragraphs: one per line the author wrote, blank lines dropped. */
export function matterParagraphs(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A chapter's title as headings and contents show it: the author's, or "Chapter n" when left blank. */
export const chapterHeading = (title: string, index: number) => title.trim() || `Chapter ${index + 1}`;

/**
 * The copyright page: "Copyright © year author" (the author's year, or `year`: the year the file is made), then
 * the author's own text, or "All rights reserved." when they wrote none.
 */
export function copyrightLines(manuscript: Manuscript, year: number): string[] {
  const front = manuscript.book.front_matter;
  const owner = manuscript.authorName.trim();
  const first = `Copyright © ${front.copyright_year ?? year}${owner ? ` ${owner}` : ''}`;
  return [
    first,
    ...(front.copyright_text ? matterParagraphs(front.copyright_text) : ['All rights reserved.']),
  ];
}

/** One section after the last chapter: its own page (print) or file (EPUB), headed by `title`. */
export interface BackMatterSection {
  id: 'acknowledgements' | 'about-the-author' | 'also-by';
  title: string;
  /** Paragraphs of text, or (`list`) the titles of the author's other books. */
  lines: string[];
  list: boolean;
}

/** The back matter the settings ask for, in order; a section left empty is left out. */
export function backMatterSections(manuscript: Manuscript): BackMatterSection[] {
  const back = manuscript.book.back_matter;
  const sections: BackMatterSection[] = [];
  if (back.acknowledgements) {
    const lines = matterParagraphs(back.acknowledgements);
    sections.push({ id: 'acknowledgements', title: 'Acknowledgements', lines, list: false });
  }
  if (back.about_the_author) {
    const lines = matterParagraphs(back.about_the_author);
    sections.push({ id: 'about-the-author', title: 'About the Author', lines, list: false });
  }
  if (back.also_by.length > 0) {
    const title = `Also by ${manuscript.authorName.trim() || 'the Author'}`;
    sections.push({ id: 'also-by', title, lines: back.also_by, list: true });
  }
  return sections;
}
