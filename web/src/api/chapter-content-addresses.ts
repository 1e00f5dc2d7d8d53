/**
 * The addresses of a chapter's two opening reads, apart from their fetchers so the page's first script can
 * start them (`web/src/boot/`) at the very addresses the fetchers then ask for.
 */
import { withQuery } from '../lib/request-url';
import { apiPaths } from './api-paths';

/** Paragraphs the opening read asks for: more than the tallest screen shows at once. */
export const OPENING_PARAGRAPHS = 40;

/** The chapter's content, its first page (what `fetchChapterContent` asks for first, without a stamp). */
export const chapterContentAddress = (storyId: string, chapterId: string) =>
  withQuery(apiPaths.chapterContent(storyId), { chapter: chapterId });

/** The chapter's first `OPENING_PARAGRAPHS` paragraphs, shown while the whole is read. */
export const chapterOpeningAddress = (storyId: string, chapterId: string) =>
  withQuery(apiPaths.chapterContent(storyId), { chapter: chapterId, limit: OPENING_PARAGRAPHS });
