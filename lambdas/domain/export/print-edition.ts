import { createHash } from 'node:crypto';
import type { BlobStore } from '../ports';
import { storyExportPrefix } from './export-story';
import type { Manuscript, PrintEdition } from './manuscript';

/**
 * Issue 27 §3: an EPUB carries the page list of the print edition "when one was made". Each print PDF made keeps
 * where its chapter pages begin, with a fingerprint of what set them (the text, the title, the author's name and
 * the book settings); an EPUB made later of the very same text and settings marks those pages. Kept beside the
 * story's exports, so it goes with them (a week's lifecycle, the story's deletion).
 */

const printEditionKey = (storyId: string) => `${storyExportPrefix(storyId)}print-edition.json`;

/** What sets the print book's pages; the copyright year, which moves none, is left out. */
function fingerprint(manuscript: Manuscript): string {
  const { front_matter: front, ...book } = manuscript.book;
  const { copyright_year: _year, ...frontPages } = front;
  return createHash('sha256')
    .update(
      JSON.stringify([
        manuscript.title,
        manuscript.authorName,
        book,
        frontPages,
        manuscript.chapters.map((chapter) => [chapter.title, chapter.paragraphs]),
      ]),
    )
    .digest('hex');
}

/** Keeps the page starts of the print PDF just made of `manuscript`. */
export async function keepPrintEdition(
  blobs: BlobStore,
  manuscript: Manuscript,
  pages: PrintEdition['pages'],
): Promise<void> {
  const record = JSON.stringify({ fingerprint: fingerprint(manuscript), pages });
  await blobs.put(
    'exports',
    printEditionKey(manuscript.storyId),
    new TextEncoder().encode(record),
    'application/json',
  );
}

function isPageStart(value: unknown): value is PrintEdition['pages'][number] {
  const start = value as Record<string, unknown> | null;
  return (
    typeof start === 'object' &&
    start !== null &&
    ['chapter', 'block', 'word', 'page'].every((field) => Number.isInteger(start[field]))
  );
}

/** The print edition of exactly this text and these settings, if one was made. */
export async function readPrintEdition(
  blobs: BlobStore,
  manuscript: Manuscript,
): Promise<PrintEdition | undefined> {
  const stored = await blobs.get('exports', printEditionKey(manuscript.storyId));
  if (!stored) return undefined;
  let record: { fingerprint?: unknown; pages?: unknown };
  try {
    record = JSON.parse(new TextDecoder().decode(stored.body)) as typeof record;
  } catch {
    return undefined;
  }
  const expected = fingerprint(manuscript);
  if (record.fingerprint !== expected || !Array.isArray(record.pages) || !record.pages.every(isPageStart)) {
    return undefined;
  }
  return { source: `urn:loreweaver:print-edition:${expected.slice(0, 32)}`, pages: record.pages };
}
