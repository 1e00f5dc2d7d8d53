import {
  BOOK_PREVIEW_CHAPTERS,
  BOOK_PREVIEW_PAGES,
  type BookPreview,
  type BookPreviewRequest,
} from '../../../shared/schemas/book';
import { requirePremium } from '../billing/premium';
import { EXPORT_REQUIRES_SUBSCRIPTION } from '../export/export-story';
import { coverFileName, epubContent } from '../export/render-epub';
import { renderPrintBook } from '../export/render-print-book';
import { readManuscript, type RunExportJobPorts } from '../export/run-export-job';

/**
 * POST /api/stories/{storyId}/book/preview (issue 27 §4): the book's first pages before a whole file is made,
 * so the author sees the chapter opener and the ornament of the trim and style they are choosing. The PDF is
 * the print book set whole (so its contents page states the real numbers) with its first pages drawn; the EPUB
 * its files up to the second chapter, each a page of its own with the style sheet and the cover written in.
 * Premium, like the export it previews.
 */
export async function previewBook(
  ports: RunExportJobPorts,
  userId: string,
  storyId: string,
  request: BookPreviewRequest,
): Promise<BookPreview> {
  requirePremium(await ports.repositories.users.get(userId), ports.now(), EXPORT_REQUIRES_SUBSCRIPTION);
  // Reading the story is what checks it is the caller's own (404 otherwise), as for an export.
  const stored = await readManuscript(ports, {
    user_id: userId,
    story_id: storyId,
    job_id: 'preview',
    type: request.format,
    layout: 'book',
  });
  const manuscript = request.settings ? { ...stored, book: request.settings } : stored;
  if (request.format === 'pdf') {
    const { body, book } = await renderPrintBook(manuscript, { pageLimit: BOOK_PREVIEW_PAGES });
    return {
      format: 'pdf',
      pdf: Buffer.from(body).toString('base64'),
      page_count: book.pages.length,
      pages_shown: Math.min(BOOK_PREVIEW_PAGES, book.pages.length),
    };
  }
  const { documents, styleSheet } = epubContent(manuscript, 'book');
  const lastShown = documents.findIndex((document) => document.id === `chapter-${BOOK_PREVIEW_CHAPTERS}`);
  const { cover } = manuscript;
  // A frame written from a string has no files beside it: the cover goes in as a data URL.
  const withCover = (html: string) =>
    cover
      ? html.replace(
          `src="${coverFileName(cover)}"`,
          `src="data:${cover.contentType};base64,${Buffer.from(cover.body).toString('base64')}"`,
        )
      : html;
  return {
    format: 'epub',
    documents: documents
      .filter((document) => document.nonLinear !== true)
      .slice(0, lastShown === -1 ? undefined : lastShown + 1)
      .map((document) => ({
        title: document.listedAs ?? document.id,
        html: withCover(
          document.xhtml.replace(/<link rel="stylesheet"[^>]*\/>/, `<style>${styleSheet}</style>`),
        ),
      })),
  };
}
