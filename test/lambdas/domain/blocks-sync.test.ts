import { describe, expect, it } from 'vitest';
import { getChapterContent } from '../../../lambdas/domain/blocks/chapter-content';
import { deleteBlocks, reorderBlocks, saveBlocks } from '../../../lambdas/domain/blocks/sync-blocks';
import { createChapter } from '../../../lambdas/domain/chapters/create-chapter';
import { createStory } from '../../../lambdas/domain/stories/create-story';
import {
  ChapterBeingCreatedError,
  ChapterChangedError,
  NotFoundError,
  ValidationError,
} from '../../../lambdas/errors';
import { paragraphChunk } from '../../helpers/handler-harness';
import { createMemoryPorts } from '../../helpers/memory-ports';

const AUTHOR = 'author-1';

async function chapterWithParagraphs(keyIds: string[]) {
  const memory = createMemoryPorts();
  const story = await createStory(memory.ports, AUTHOR, {
    title: 'Story',
    description: '',
    series: { kind: 'standalone' },
  });
  const storyId = story.story_id;
  const chapterId = story.chapters![0]!.id;
  const [starter] = memory.state.blockOrders.get(chapterId)!.key_ids;
  await deleteBlocks(memory.ports, AUTHOR, storyId, chapterId, [{ key_id: starter! }]);
  await saveBlocks(
    memory.ports,
    AUTHOR,
    storyId,
    chapterId,
    keyIds.map((keyId, place) => ({ key_id: keyId, chunk: paragraphChunk(keyId), place })),
  );
  const keyIdsInOrder = async () =>
    (
      await getChapterContent(memory.ports.repositories, {
        userId: AUTHOR,
        storyId,
        chapterId,
        now: new Date(),
      })
    ).items.map((item) => item.key_id.Value);
  return { ...memory, storyId, chapterId, keyIdsInOrder };
}

describe('block sync, on in-memory repositories', () => {
  it('refuses a save that would pass the paragraph bound before writing anything', async () => {
    const { ports, state, storyId, chapterId } = await chapterWithParagraphs([]);
    const many = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => ({
        key_id: `${prefix}${index}`,
        chunk: paragraphChunk(`${prefix}${index}`),
      }));
    for (let batch = 0; batch < 9; batch += 1) {
      await saveBlocks(ports, AUTHOR, storyId, chapterId, many(`b${batch}-`, 500));
    }
    await saveBlocks(ports, AUTHOR, storyId, chapterId, many('last-', 1));

    await expect(saveBlocks(ports, AUTHOR, storyId, chapterId, many('over-', 500))).rejects.toBeInstanceOf(
      ValidationError,
    );

    expect(state.blocks.get(chapterId)!.size).toBe(4_501);
    expect(state.blockOrders.get(chapterId)!.key_ids).toHaveLength(4_501);
  });

  it('bumps a paragraph revision with each save and refuses a save based on an older one', async () => {
    const { ports, state, storyId, chapterId } = await chapterWithParagraphs(['a']);
    const loaded = state.blocks.get(chapterId)!.get('a')!.revision;
    await saveBlocks(ports, AUTHOR, storyId, chapterId, [
      { key_id: 'a', chunk: paragraphChunk('a', 'From the laptop.'), base_revision: loaded },
    ]);

    await expect(
      saveBlocks(ports, AUTHOR, storyId, chapterId, [
        { key_id: 'b', chunk: paragraphChunk('b', 'New on the phone.'), base_revision: 0 },
        { key_id: 'a', chunk: paragraphChunk('a', 'From the phone.'), base_revision: loaded },
      ]),
    ).rejects.toBeInstanceOf(ChapterChangedError);

    const stored = state.blocks.get(chapterId)!;
    expect(stored.get('a')).toMatchObject({ revision: loaded + 1 });
    expect(JSON.parse(stored.get('a')!.chunk).children[0].text).toBe('From the laptop.');
    expect(stored.has('b')).toBe(false);
  });

  it('refuses a delete of a paragraph changed since its revision, and accepts one already gone', async () => {
    const { ports, state, storyId, chapterId } = await chapterWithParagraphs(['a', 'b']);
    const loaded = state.blocks.get(chapterId)!.get('a')!.revision;
    await saveBlocks(ports, AUTHOR, storyId, chapterId, [
      { key_id: 'a', chunk: paragraphChunk('a', 'Changed.'), base_revision: loaded },
    ]);
    await deleteBlocks(ports, AUTHOR, storyId, chapterId, [{ key_id: 'b' }]);

    await expect(
      deleteBlocks(ports, AUTHOR, storyId, chapterId, [{ key_id: 'a', base_revision: loaded }]),
    ).rejects.toBeInstanceOf(ChapterChangedError);
    await deleteBlocks(ports, AUTHOR, storyId, chapterId, [{ key_id: 'b', base_revision: loaded }]);

    expect([...state.blocks.get(chapterId)!.keys()]).toEqual(['a']);
  });

  it('places new paragraphs at the index they were sent with', async () => {
    const { ports, storyId, chapterId, keyIdsInOrder } = await chapterWithParagraphs(['a', 'c']);

    await saveBlocks(ports, AUTHOR, storyId, chapterId, [
      { key_id: 'b', chunk: paragraphChunk('b'), place: 1 },
    ]);

    expect(await keyIdsInOrder()).toEqual(['a', 'b', 'c']);
  });

  it('saves a known paragraph without writing the order', async () => {
    const { ports, state, storyId, chapterId } = await chapterWithParagraphs(['a', 'b']);
    const orderBefore = state.blockOrders.get(chapterId)!;

    await saveBlocks(ports, AUTHOR, storyId, chapterId, [
      { key_id: 'a', chunk: paragraphChunk('a', 'New words.') },
    ]);

    expect(state.blockOrders.get(chapterId)).toEqual(orderBefore);
    expect(JSON.parse(state.blocks.get(chapterId)!.get('a')!.chunk).children[0].text).toBe('New words.');
  });

  it('keeps the last of a key_id sent twice in one request', async () => {
    const { ports, state, storyId, chapterId } = await chapterWithParagraphs(['a']);

    await saveBlocks(ports, AUTHOR, storyId, chapterId, [
      { key_id: 'a', chunk: paragraphChunk('a', 'first') },
      { key_id: 'a', chunk: paragraphChunk('a', 'second') },
    ]);

    expect(JSON.parse(state.blocks.get(chapterId)!.get('a')!.chunk).children[0].text).toBe('second');
  });

  it('deletes paragraphs with their places, and moves paragraphs by writing the order only', async () => {
    const { ports, state, storyId, chapterId, keyIdsInOrder } = await chapterWithParagraphs(['a', 'b', 'c']);

    await deleteBlocks(ports, AUTHOR, storyId, chapterId, [{ key_id: 'b' }]);
    await reorderBlocks(ports, AUTHOR, storyId, chapterId, [
      { key_id: 'c', place: 0 },
      { key_id: 'never-saved', place: 0 },
    ]);

    expect(await keyIdsInOrder()).toEqual(['c', 'a']);
    expect([...state.blocks.get(chapterId)!.keys()].sort()).toEqual(['a', 'c']);
  });

  it('stores nothing in a chapter still being created (501)', async () => {
    const { ports, state, storyId } = await chapterWithParagraphs([]);
    const creating = await createChapter(ports, AUTHOR, storyId, {});

    await expect(
      saveBlocks(ports, AUTHOR, storyId, creating.id, [{ key_id: 'a', chunk: paragraphChunk('a') }]),
    ).rejects.toBeInstanceOf(ChapterBeingCreatedError);
    expect(state.blocks.get(creating.id)).toBeUndefined();
  });

  it("answers 404 to another author's writes, and stores nothing", async () => {
    const { ports, state, storyId, chapterId } = await chapterWithParagraphs(['a']);

    await expect(
      saveBlocks(ports, 'intruder', storyId, chapterId, [{ key_id: 'x', chunk: paragraphChunk('x') }]),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(state.blocks.get(chapterId)!.has('x')).toBe(false);
  });
});
