import type { ChapterWithContent } from '../../../shared/schemas/block';
import type { FullStory } from '../../../shared/schemas/story';
import type { Repositories } from '../repositories';
import { readChapterContent } from '../blocks/chapter-content';
import { getStory } from './story-views';

/** Chapter partitions read at once; enough to be quick, few enough not to burst the table's capacity. */
const PARALLEL_CHAPTER_READS = 8;

/**
 * GET /api/stories/{id}/full: the story with every chapter's paragraphs in order. A chapter still being created
 * has no paragraphs yet and is listed with none.
 */
export async function getFullStory(
  repositories: Repositories,
  userId: string,
  storyId: string,
): Promise<FullStory> {
  const story = await getStory(repositories, userId, storyId);
  const chapters = story.chapters ?? [];
  const chaptersWithContents: ChapterWithContent[] = [];
  for (let start = 0; start < chapters.length; start += PARALLEL_CHAPTER_READS) {
    const batch = chapters.slice(start, start + PARALLEL_CHAPTER_READS);
    chaptersWithContents.push(
      ...(await Promise.all(
        batch.map(async (chapter) => ({
          chapter,
          blocks:
            chapter.status === 'ready' ? await readChapterContent(repositories, chapter.id) : { items: [] },
        })),
      )),
    );
  }
  return { ...story, chapters, chapters_with_contents: chaptersWithContents };
}
