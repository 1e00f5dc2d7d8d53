import type { ChapterWithContent, FullStoryCursor } from '../../../shared/schemas/block';
import type { FullStory } from '../../../shared/schemas/story';
import type { Repositories } from '../repositories';
import { PAGE_BUDGET_BYTES, readContentPage, responseBytes } from '../blocks/content-pages';
import { getStory } from './story-views';

const fromTheStart: FullStoryCursor = { chapterIndex: 0, place: 0 };

/**
 * GET /api/stories/{id}/full?cursor=: the story with its chapters' paragraphs in order, one page at a time (at
 * most `PAGE_BUDGET_BYTES` of paragraphs, at least one). Chapters follow each other until the page is full; the
 * chapter it stops in continues on the next page. A chapter still being created has no paragraphs yet and is
 * listed with none.
 */
export async function getFullStory(
  repositories: Repositories,
  userId: string,
  storyId: string,
  cursor: FullStoryCursor = fromTheStart,
): Promise<FullStory> {
  const story = await getStory(repositories, userId, storyId);
  const chapters = story.chapters;
  const chaptersWithContents: ChapterWithContent[] = [];
  let budget = PAGE_BUDGET_BYTES;
  let holdsParagraphs = false;
  let next: string | undefined;
  for (let chapterIndex = cursor.chapterIndex; chapterIndex < chapters.length; chapterIndex += 1) {
    const chapter = chapters[chapterIndex]!;
    if (chapter.status !== 'ready') {
      chaptersWithContents.push({ chapter, blocks: { items: [] } });
      continue;
    }
    const from = chapterIndex === cursor.chapterIndex ? cursor.place : 0;
    const page = await readContentPage(repositories, chapter.id, from, budget, !holdsParagraphs);
    if (page.items.length === 0 && page.next !== undefined) {
      next = `${chapterIndex}:${page.next}`;
      break;
    }
    chaptersWithContents.push({ chapter, blocks: { items: page.items } });
    budget -= page.bytes + responseBytes(chapter);
    holdsParagraphs ||= page.items.length > 0;
    if (page.next !== undefined) {
      next = `${chapterIndex}:${page.next}`;
      break;
    }
  }
  return {
    ...story,
    chapters,
    chapters_with_contents: chaptersWithContents,
    ...(next === undefined ? {} : { next }),
  };
}
