import { parseParagraphChunk, type ChapterText, type StoredParagraph } from '../../../shared/paragraph-text';
import type { Chapter } from '../../../shared/schemas/chapter';
import { readChapterContent } from '../blocks/chapter-content';
import { listChapters } from '../chapters/chapter-list';
import type { Repositories } from '../repositories';

/**
 * Chapter partitions read at once. More than the full story's 8: these reads answer while the author waits
 * (a 60-chapter novel: 3 rounds instead of 8), and each is one Query of one small partition.
 */
const PARALLEL_CHAPTER_READS = 20;

/** A stored paragraph with the chunk it was parsed from, which a rewrite is conditional on. */
export interface StoredParagraphWithChunk extends StoredParagraph {
  chunk: string;
}

export interface StoredChapterText extends ChapterText {
  paragraphs: readonly StoredParagraphWithChunk[];
}

/**
 * One chapter's stored paragraphs in order, parsed: one Query (none for a chapter being created, which has no
 * text yet). A chunk that is not a paragraph (never stored by the API) is left out rather than failing.
 */
export async function readChapterText(
  repositories: Repositories,
  chapter: Pick<Chapter, 'id' | 'title' | 'place' | 'status'>,
): Promise<StoredChapterText> {
  const content =
    chapter.status === 'ready' ? await readChapterContent(repositories, chapter.id) : { items: [] };
  const paragraphs = content.items.flatMap((item): StoredParagraphWithChunk[] => {
    const chunk = item.chunk.Value;
    const paragraph = parseParagraphChunk(chunk);
    return paragraph ? [{ key_id: item.key_id.Value, paragraph, chunk }] : [];
  });
  return { chapter_id: chapter.id, title: chapter.title, place: chapter.place, paragraphs };
}

/**
 * Every chapter of the story with its stored paragraphs: what the story-wide tools read. Costs one Query for
 * the chapters and one per ready chapter, twenty chapters at a time.
 */
export async function readStoryText(
  repositories: Repositories,
  storyId: string,
): Promise<StoredChapterText[]> {
  const chapters = await listChapters(repositories, storyId);
  const texts: StoredChapterText[] = [];
  for (let start = 0; start < chapters.length; start += PARALLEL_CHAPTER_READS) {
    const batch = chapters.slice(start, start + PARALLEL_CHAPTER_READS);
    texts.push(...(await Promise.all(batch.map((chapter) => readChapterText(repositories, chapter)))));
  }
  return texts;
}
