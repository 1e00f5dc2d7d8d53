import type { Chapter } from '../../../shared/schemas/chapter';
import { NotFoundError } from '../../errors';
import type { DomainPorts } from '../ports';
import { retryOnConcurrentChange } from '../concurrency';
import type { Repositories } from '../repositories';
import { listChapters } from './chapter-list';
import type { ChapterCreationMessage } from './create-chapter';

/** The ports these operations use. */
export type ChapterCreationFailurePorts = Pick<DomainPorts, 'repositories' | 'queue' | 'now'>;

/**
 * The creation worker's last delivery failed: the chapter, if still 'creating', is marked 'failed', so the
 * workspace shows it failed (with 'Try again') instead of waiting for ever. A chapter prepared or deleted
 * meanwhile is left as it is.
 */
export async function markChapterCreationFailed(
  repositories: Repositories,
  message: ChapterCreationMessage,
  now: Date,
): Promise<void> {
  await markChaptersCreationFailed(repositories, message.story_id, [message.chapter_id], now);
}

/** Every one of `chapterIds` still 'creating' becomes 'failed' (an import given up leaves its unbuilt chapters so). */
export async function markChaptersCreationFailed(
  repositories: Repositories,
  storyId: string,
  chapterIds: readonly string[],
  now: Date,
): Promise<void> {
  for (const chapterId of chapterIds) {
    await retryOnConcurrentChange(async () => {
      const chapter = await repositories.chapters.get(storyId, chapterId);
      if (chapter?.status !== 'creating') return;
      await repositories.commit([
        repositories.chapters.changeStatusItem(storyId, chapterId, 'creating', 'failed', now),
      ]);
    });
  }
}

/**
 * POST /api/stories/{storyId}/chapters/{chapterId}/retry-creation: a failed chapter is 'creating' again and its
 * creation is queued anew; answers the chapter. A chapter that is not failed (a second click, another tab
 * already asked) is answered as it is, so asking twice is harmless. Should the queue refuse the message, the
 * chapter goes back to 'failed' and the error is answered.
 */
export async function retryChapterCreation(
  ports: ChapterCreationFailurePorts,
  userId: string,
  storyId: string,
  chapterId: string,
): Promise<Chapter> {
  const { repositories } = ports;
  await repositories.stories.requireOwned(userId, storyId);
  const requeued = await retryOnConcurrentChange(async () => {
    const chapter = await repositories.chapters.get(storyId, chapterId);
    if (!chapter) throw new NotFoundError('No such chapter.');
    if (chapter.status !== 'failed') return false;
    await repositories.commit([
      repositories.stories.existsCondition(userId, storyId),
      repositories.chapters.changeStatusItem(storyId, chapterId, 'failed', 'creating', ports.now()),
    ]);
    return true;
  });
  if (requeued) {
    const message: ChapterCreationMessage = { story_id: storyId, chapter_id: chapterId };
    try {
      await ports.queue.send('chapterCreation', message);
    } catch (error) {
      await markChapterCreationFailed(repositories, message, ports.now());
      throw error;
    }
  }
  const chapter = (await listChapters(repositories, storyId)).find((listed) => listed.id === chapterId);
  if (!chapter) throw new NotFoundError('No such chapter.');
  return chapter;
}
