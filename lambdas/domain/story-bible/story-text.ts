import { parseParagraphChunk, type ChapterText, type StoredParagraph } from '../../../shared/paragraph-text';
import { readChapterContent } from '../blocks/chapter-content';
import { listChapters } from '../chapters/chapter-list';
import type { Repositories } from '../repositories';

/** Chapter partitions read at once, as for the full story: quick, without bursting the table's capacity. */
const PARALLEL_CHAPTER_READS = 8;

/**
 * Every chapter of the story with its stored paragraphs in order, parsed: what the story-wide tools read.
 * Costs one Query for the chapters and one per ready chapter (a chapter being created has no text yet). A
 * chunk that is not a paragraph (never stored by the API) is left out rather than failing the whole story.
 */
export async function readStoryText(repositories: Repositories, storyId: string): Promise<ChapterText[]> {
  const chapters = await listChapters(repositories, storyId);
  const texts: ChapterText[] = [];
  for (let start = 0; start < chapters.length; start += PARALLEL_CHAPTER_READS) {
    const batch = chapters.slice(start, start + PARALLEL_CHAPTER_READS);
    texts.push(
      ...(await Promise.all(
        batch.map(async (chapter): Promise<ChapterText> => {
          const content =
            chapter.status === 'ready' ? await readChapterContent(repositories, chapter.id) : { items: [] };
          const paragraphs = content.items.flatMap((item): StoredParagraph[] => {
            const paragraph = parseParagraphChunk(item.chunk.Value);
            return paragraph ? [{ key_id: item.key_id.Value, paragraph }] : [];
          });
          return { chapter_id: chapter.id, title: chapter.title, place: chapter.place, paragraphs };
        }),
      )),
    );
  }
  return texts;
}
