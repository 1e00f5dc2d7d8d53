import { randomUUID } from 'node:crypto';
import type { Chapter } from '../../../shared/schemas/chapter';
import {
  defaultChapterTitle,
  MAX_CHAPTERS_PER_STORY,
  TOO_MANY_CHAPTERS_MESSAGE,
} from '../../../shared/validation';
import { ValidationError } from '../../errors';
import type { DomainPorts } from '../ports';
import { applyPlacements } from '../../../shared/ordering';
import { retryOnConcurrentChange } from '../concurrency';
import { toChapter } from './chapter-list';
import type { ChapterRecord } from './chapter-repository';

/** The ports these operations use. */
export type CreateChapterPorts = Pick<DomainPorts, 'repositories' | 'queue' | 'now'>;

/** The chapter-creation queue's message. */
export interface ChapterCreationMessage {
  story_id: string;
  chapter_id: string;
}

/**
 * POST /api/stories/{id}/chapter. The chapter is written as 'creating' with its place in the index, and the
 * creation worker is asked to prepare it; until it has, its content answers 501. If the request to the worker
 * cannot be sent, the chapter is taken back out, so no chapter is left 'creating' forever.
 */
export async function createChapter(
  ports: CreateChapterPorts,
  userId: string,
  storyId: string,
  request: { title?: string; place?: number },
): Promise<Chapter> {
  const { repositories } = ports;
  const { stories: storyRepository, chapters: chapterRepository } = repositories;
  const chapterId = randomUUID();
  const now = ports.now();

  const created = await retryOnConcurrentChange(async () => {
    await storyRepository.requireOwned(userId, storyId);
    const { index } = await chapterRepository.listWithIndex(storyId);
    const count = index.chapter_ids.length;
    if (count >= MAX_CHAPTERS_PER_STORY) throw new ValidationError(TOO_MANY_CHAPTERS_MESSAGE);
    const chapter: ChapterRecord = {
      chapter_id: chapterId,
      story_id: storyId,
      title: request.title || defaultChapterTitle(count),
      status: 'creating',
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    const chapterIds = applyPlacements(index.chapter_ids, [
      { id: chapterId, index: (request.place ?? count + 1) - 1 },
    ]);
    await repositories.commit([
      storyRepository.existsCondition(userId, storyId),
      chapterRepository.createItem(userId, chapter),
      chapterRepository.saveIndexItem(storyId, index, chapterIds),
    ]);
    return toChapter(chapter, chapterIds.indexOf(chapterId) + 1);
  });

  const message: ChapterCreationMessage = { story_id: storyId, chapter_id: chapterId };
  try {
    await ports.queue.send('chapterCreation', message);
  } catch (error) {
    await withdrawChapter(ports, storyId, chapterId);
    throw error;
  }
  return created;
}

async function withdrawChapter(ports: CreateChapterPorts, storyId: string, chapterId: string): Promise<void> {
  const { repositories } = ports;
  await retryOnConcurrentChange(async () => {
    const { chapters, index } = await repositories.chapters.listWithIndex(storyId);
    if (!chapters.some((chapter) => chapter.chapter_id === chapterId)) return;
    await repositories.commit(repositories.chapters.removeItems(storyId, index, chapterId));
  });
}
