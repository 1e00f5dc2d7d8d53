import { randomUUID } from 'node:crypto';
import { emptyParagraph } from '../../../shared/schemas/paragraph';
import { retryOnConcurrentChange } from '../concurrency';
import type { Repositories } from '../repositories';
import type { ChapterCreationMessage } from './create-chapter';

/**
 * The creation worker's job: the chapter's first, empty paragraph and its order item, and the chapter marked
 * ready, all in one transaction. Safe to run twice (SQS delivers at least once) and after the chapter was
 * deleted: either way there is nothing left to do.
 */
export async function prepareChapter(
  repositories: Repositories,
  message: ChapterCreationMessage,
  now: Date,
): Promise<'prepared' | 'nothing to do'> {
  const { chapters: chapterRepository, blocks: blockRepository } = repositories;
  return retryOnConcurrentChange(async () => {
    const chapter = await chapterRepository.get(message.story_id, message.chapter_id);
    if (chapter?.status !== 'creating') return 'nothing to do';
    const keyId = randomUUID();
    await repositories.commit([
      chapterRepository.markReadyItem(message.story_id, message.chapter_id, now, 0),
      blockRepository.putBlockItem(
        message.chapter_id,
        { key_id: keyId, chunk: JSON.stringify(emptyParagraph(keyId)) },
        now,
      ),
      blockRepository.saveOrderItem(message.chapter_id, { key_ids: [], version: 0 }, [keyId]),
    ]);
    return 'prepared';
  });
}
