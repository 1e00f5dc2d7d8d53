/**
 * The address of a chapter's opening read, apart from its fetcher so the page's first script can start it
 * (`web/src/boot/`) at the very address the fetcher then asks for.
 */
import { withQuery } from '../lib/request-url';
import { apiPaths } from './api-paths';

/** Paragraphs the opening read asks for: more than the tallest screen shows at once. */
export const OPENING_PARAGRAPHS = 40;

/** The chapter's first `OPENING_PARAGRAPHS` paragraphs, shown while the whole is read. */
export const chapterOpeningAddress = (storyId: string, chapterId: string) =>
  withQuery(apiPaths.chapterContent(storyId), { chapter: chapterId, limit: OPENING_PARAGRAPHS });
