import { describe, expect, it } from 'vitest';
import { getChapterContent } from '../../../lambdas/domain/blocks/chapter-content';
import {
  markChapterCreationFailed,
  retryChapterCreation,
} from '../../../lambdas/domain/chapters/chapter-creation-failure';
import { createChapter } from '../../../lambdas/domain/chapters/create-chapter';
import { reorderChapters } from '../../../lambdas/domain/chapters/manage-chapters';
import { prepareChapter } from '../../../lambdas/domain/chapters/prepare-chapter';
import { createStory } from '../../../lambdas/domain/stories/create-story';
import { getStory } from '../../../lambdas/domain/stories/story-views';
import { trashChapter } from '../../../lambdas/domain/trash/trash';
import { ChapterCreationFailedError, ConflictError, NotFoundError } from '../../../lambdas/errors';
import { createMemoryPorts } from '../../helpers/memory-ports';
import { TEST_NOW } from '../../helpers/ports';

const AUTHOR = 'author-1';

async function storyWithOneChapter() {
  const memory = createMemoryPorts();
  const story = await createStory(memory.ports, AUTHOR, {
    title: 'Story',
    description: '',
    series: { kind: 'standalone' },
  });
  return { ...memory, storyId: story.story_id, firstChapterId: story.chapters![0]!.id };
}

describe('chapters, on in-memory repositories', () => {
  it('creates a chapter as being created, at the place asked, and asks the worker to prepare it', async () => {
    const { ports, queue, storyId, firstChapterId } = await storyWithOneChapter();

    const chapter = await createChapter(ports, AUTHOR, storyId, { place: 1 });

    expect(chapter).toMatchObject({ title: 'Chapter 2', place: 1, status: 'creating' });
    expect(queue.send).toHaveBeenCalledWith('chapterCreation', { story_id: storyId, chapter_id: chapter.id });
    const { chapters } = await getStory(ports.repositories, AUTHOR, storyId);
    expect(chapters!.map((item) => item.id)).toEqual([chapter.id, firstChapterId]);
  });

  it('takes the chapter back out when the worker cannot be asked', async () => {
    const { ports, queue, storyId, firstChapterId } = await storyWithOneChapter();
    queue.send.mockRejectedValueOnce(new Error('the queue is down'));

    await expect(createChapter(ports, AUTHOR, storyId, {})).rejects.toThrow('the queue is down');

    const { chapters } = await getStory(ports.repositories, AUTHOR, storyId);
    expect(chapters!.map((item) => item.id)).toEqual([firstChapterId]);
  });

  it('prepares a chapter once: a redelivered message finds nothing to do', async () => {
    const { ports, state, storyId } = await storyWithOneChapter();
    const chapter = await createChapter(ports, AUTHOR, storyId, {});
    const message = { story_id: storyId, chapter_id: chapter.id };

    await expect(prepareChapter(ports.repositories, message, TEST_NOW)).resolves.toBe('prepared');
    await expect(prepareChapter(ports.repositories, message, TEST_NOW)).resolves.toBe('nothing to do');

    expect(state.blockOrders.get(chapter.id)?.key_ids).toHaveLength(1);
    expect(state.chapters.get(`${storyId}/${chapter.id}`)?.status).toBe('ready');
  });

  it('marks a chapter still being created failed, and leaves a prepared one as it is', async () => {
    const { ports, state, storyId, firstChapterId } = await storyWithOneChapter();
    const chapter = await createChapter(ports, AUTHOR, storyId, {});

    await markChapterCreationFailed(
      ports.repositories,
      { story_id: storyId, chapter_id: chapter.id },
      TEST_NOW,
    );
    await markChapterCreationFailed(
      ports.repositories,
      { story_id: storyId, chapter_id: firstChapterId },
      TEST_NOW,
    );

    expect(state.chapters.get(`${storyId}/${chapter.id}`)?.status).toBe('failed');
    expect(state.chapters.get(`${storyId}/${firstChapterId}`)?.status).toBe('ready');
    await expect(
      getChapterContent(ports.repositories, {
        userId: AUTHOR,
        storyId,
        chapterId: chapter.id,
        now: new Date(),
      }),
    ).rejects.toBeInstanceOf(ChapterCreationFailedError);
  });

  it('queues a failed chapter again, answering it as being created; a chapter not failed is answered as it is', async () => {
    const { ports, queue, storyId, firstChapterId } = await storyWithOneChapter();
    const chapter = await createChapter(ports, AUTHOR, storyId, {});
    const message = { story_id: storyId, chapter_id: chapter.id };
    await markChapterCreationFailed(ports.repositories, message, TEST_NOW);
    queue.send.mockClear();

    const retried = await retryChapterCreation(ports, AUTHOR, storyId, chapter.id);
    const untouched = await retryChapterCreation(ports, AUTHOR, storyId, firstChapterId);

    expect(retried).toMatchObject({ id: chapter.id, place: 2, status: 'creating' });
    expect(untouched).toMatchObject({ id: firstChapterId, status: 'ready' });
    expect(queue.send.mock.calls).toEqual([['chapterCreation', message]]);
  });

  it('leaves the chapter failed when the worker cannot be asked again, and answers 404 to another author', async () => {
    const { ports, queue, state, storyId } = await storyWithOneChapter();
    const chapter = await createChapter(ports, AUTHOR, storyId, {});
    await markChapterCreationFailed(
      ports.repositories,
      { story_id: storyId, chapter_id: chapter.id },
      TEST_NOW,
    );
    queue.send.mockRejectedValueOnce(new Error('the queue is down'));

    await expect(retryChapterCreation(ports, AUTHOR, storyId, chapter.id)).rejects.toThrow(
      'the queue is down',
    );
    await expect(retryChapterCreation(ports, 'someone-else', storyId, chapter.id)).rejects.toBeInstanceOf(
      NotFoundError,
    );

    expect(state.chapters.get(`${storyId}/${chapter.id}`)?.status).toBe('failed');
  });

  it("refuses to delete a story's only chapter", async () => {
    const { ports, storyId, firstChapterId } = await storyWithOneChapter();

    await expect(trashChapter(ports, AUTHOR, storyId, firstChapterId)).rejects.toBeInstanceOf(ConflictError);
  });

  it('reorders chapters, and answers 404 for a chapter the story does not have', async () => {
    const { ports, storyId, firstChapterId } = await storyWithOneChapter();
    const second = await createChapter(ports, AUTHOR, storyId, {});

    const reordered = await reorderChapters(ports, AUTHOR, storyId, [{ chapter_id: second.id, place: 1 }]);

    expect(reordered.map((chapter) => chapter.id)).toEqual([second.id, firstChapterId]);
    await expect(
      reorderChapters(ports, AUTHOR, storyId, [{ chapter_id: 'elsewhere', place: 1 }]),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
