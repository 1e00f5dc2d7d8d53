import { describe, expect, it } from 'vitest';
import { createChapter } from '../../../lambdas/domain/chapters/create-chapter';
import { prepareChapter } from '../../../lambdas/domain/chapters/prepare-chapter';
import { createStory } from '../../../lambdas/domain/stories/create-story';
import { getStory } from '../../../lambdas/domain/stories/story-views';
import {
  listTrash,
  purgeDueTrash,
  restoreChapter,
  restoreStory,
  trashChapter,
  trashStory,
} from '../../../lambdas/domain/trash/trash';
import { NotFoundError } from '../../../lambdas/errors';
import { createMemoryPorts } from '../../helpers/memory-ports';
import { TEST_NOW } from '../../helpers/ports';

const AUTHOR = 'author-1';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Memory ports whose clock the test moves. */
function portsWithClock() {
  let now = TEST_NOW;
  const memory = createMemoryPorts({ now: () => now });
  return { ...memory, advanceDays: (days: number) => (now = new Date(now.getTime() + days * DAY_MS)) };
}

async function storyWithChapters(
  ports: ReturnType<typeof portsWithClock>['ports'],
  count: number,
  seriesTitle?: string,
) {
  const story = await createStory(ports, AUTHOR, {
    title: 'The Story',
    description: '',
    series: seriesTitle ? { kind: 'series', seriesTitle } : { kind: 'standalone' },
  });
  for (let added = 1; added < count; added += 1) {
    const chapter = await createChapter(ports, AUTHOR, story.story_id, {});
    await prepareChapter(ports.repositories, { story_id: story.story_id, chapter_id: chapter.id }, TEST_NOW);
  }
  const { chapters } = await getStory(ports.repositories, AUTHOR, story.story_id);
  return { storyId: story.story_id, chapterIds: chapters!.map((chapter) => chapter.id) };
}

describe('the trash, on in-memory repositories', () => {
  it('hides a trashed story from its author, lists it, and restores it with its chapters', async () => {
    const { ports } = portsWithClock();
    const { storyId, chapterIds } = await storyWithChapters(ports, 2);

    await trashStory(ports, AUTHOR, storyId);
    const hidden = getStory(ports.repositories, AUTHOR, storyId);
    const listed = await listTrash(ports, AUTHOR);
    await restoreStory(ports, AUTHOR, storyId);

    await expect(hidden).rejects.toBeInstanceOf(NotFoundError);
    expect(listed.stories).toEqual([
      {
        story_id: storyId,
        title: 'The Story',
        deleted_at: TEST_NOW.toISOString(),
        purge_at: new Date(TEST_NOW.getTime() + 30 * DAY_MS).toISOString(),
      },
    ]);
    const restored = await getStory(ports.repositories, AUTHOR, storyId);
    expect(restored.chapters!.map((chapter) => chapter.id)).toEqual(chapterIds);
    expect((await listTrash(ports, AUTHOR)).stories).toEqual([]);
  });

  it('restores a story whose series was deleted meanwhile as a standalone story', async () => {
    const { ports, state } = portsWithClock();
    const { storyId } = await storyWithChapters(ports, 1, 'The Cycle');
    await trashStory(ports, AUTHOR, storyId);
    for (const key of state.series.keys()) state.series.delete(key);

    await restoreStory(ports, AUTHOR, storyId);

    expect((await getStory(ports.repositories, AUTHOR, storyId)).series_id).toBeUndefined();
  });

  it('restores a story whose series was filled meanwhile as a standalone story', async () => {
    const { ports, state } = portsWithClock();
    const { storyId } = await storyWithChapters(ports, 1, 'The Cycle');
    await trashStory(ports, AUTHOR, storyId);
    for (const series of state.series.values()) {
      series.story_ids = Array.from({ length: 50 }, (_, index) => `volume-${index}`);
    }

    await restoreStory(ports, AUTHOR, storyId);

    expect((await getStory(ports.repositories, AUTHOR, storyId)).series_id).toBeUndefined();
  });

  it('puts a restored chapter back at its old place, or at the end when the story has fewer chapters now', async () => {
    const { ports } = portsWithClock();
    const { storyId, chapterIds } = await storyWithChapters(ports, 4);
    const [first, second, third, fourth] = chapterIds as [string, string, string, string];

    await trashChapter(ports, AUTHOR, storyId, second);
    await restoreChapter(ports, AUTHOR, storyId, second);
    const backInPlace = (await getStory(ports.repositories, AUTHOR, storyId)).chapters!.map(
      (chapter) => chapter.id,
    );
    await trashChapter(ports, AUTHOR, storyId, fourth);
    await trashChapter(ports, AUTHOR, storyId, third);
    await trashChapter(ports, AUTHOR, storyId, second);
    await restoreChapter(ports, AUTHOR, storyId, fourth);

    expect(backInPlace).toEqual([first, second, third, fourth]);
    expect(
      (await getStory(ports.repositories, AUTHOR, storyId)).chapters!.map((chapter) => chapter.id),
    ).toEqual([first, fourth]);
    expect((await listTrash(ports, AUTHOR)).chapters.map((entry) => entry.chapter_id)).toEqual([
      second,
      third,
    ]);
  });

  it('purges what is 30 days in the trash through the deletion paths, and nothing younger', async () => {
    const { ports, state, queue, advanceDays } = portsWithClock();
    const { storyId, chapterIds } = await storyWithChapters(ports, 3);
    await trashChapter(ports, AUTHOR, storyId, chapterIds[1]!);
    advanceDays(10);
    await trashChapter(ports, AUTHOR, storyId, chapterIds[2]!);
    const other = await storyWithChapters(ports, 1);
    await trashStory(ports, AUTHOR, other.storyId);

    advanceDays(25);
    const first = await purgeDueTrash(ports);
    const blocksOfFirstPurged = state.blocks.has(chapterIds[1]!);
    advanceDays(10);
    const second = await purgeDueTrash(ports);
    const again = await purgeDueTrash(ports);

    expect(first).toEqual({ purged: 1 });
    expect(blocksOfFirstPurged).toBe(false);
    expect(second).toEqual({ purged: 2 });
    expect(again).toEqual({ purged: 0 });
    expect(state.blocks.has(chapterIds[2]!)).toBe(false);
    expect(queue.send).toHaveBeenCalledWith('storyDeletion', { story_id: other.storyId });
    expect(await listTrash(ports, AUTHOR)).toEqual({ stories: [], chapters: [] });
    await expect(restoreStory(ports, AUTHOR, other.storyId)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('deletes a purged story inline when the story-deletion queue refuses the message', async () => {
    const { ports, state, queue, blobs, advanceDays } = portsWithClock();
    const { storyId, chapterIds } = await storyWithChapters(ports, 2);
    await trashStory(ports, AUTHOR, storyId);
    queue.send.mockRejectedValueOnce(new Error('SQS unavailable'));

    advanceDays(31);
    await purgeDueTrash(ports);

    expect(state.chapterIndexes.has(storyId)).toBe(false);
    for (const chapterId of chapterIds) expect(state.blocks.has(chapterId)).toBe(false);
    expect(blobs.deletePrefix).toHaveBeenCalledWith('images', `images/stories/${storyId}/`);
  });

  it("answers 404 for another author's trash", async () => {
    const { ports } = portsWithClock();
    const { storyId, chapterIds } = await storyWithChapters(ports, 2);
    await trashChapter(ports, AUTHOR, storyId, chapterIds[1]!);
    await trashStory(ports, AUTHOR, storyId);

    await expect(restoreStory(ports, 'someone-else', storyId)).rejects.toBeInstanceOf(NotFoundError);
    expect(await listTrash(ports, 'someone-else')).toEqual({ stories: [], chapters: [] });
  });
});
