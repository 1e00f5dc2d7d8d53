import { describe, expect, it } from 'vitest';
import type { User } from '../../../shared/schemas/user';
import { createChapter } from '../../../lambdas/domain/chapters/create-chapter';
import { trashChapter } from '../../../lambdas/domain/trash/trash';
import {
  createOutline,
  updateOutline,
  OUTLINE_PREMIUM_MESSAGE,
} from '../../../lambdas/domain/outline/outline';
import { createStory } from '../../../lambdas/domain/stories/create-story';
import { getStory } from '../../../lambdas/domain/stories/story-views';
import {
  NotFoundError,
  PayloadTooLargeError,
  SubscriptionRequiredError,
  ValidationError,
} from '../../../lambdas/errors';
import { createMemoryPorts } from '../../helpers/memory-ports';
import { TEST_NOW } from '../../helpers/ports';

const AUTHOR = 'author-1';
const OTHER_AUTHOR = 'author-2';
const A_DAY_AFTER_TEST_NOW = String(Math.floor(TEST_NOW.getTime() / 1000) + 24 * 60 * 60);

const freeUser: User = {
  customer_id: '',
  subscription_id: '',
  renewing: false,
  expired: false,
  expires_at: '',
};
const subscriber: User = {
  customer_id: 'cus_1',
  subscription_id: 'sub_1',
  renewing: true,
  expired: false,
  expires_at: A_DAY_AFTER_TEST_NOW,
};

async function subscriberWithTwoChapters() {
  const memory = createMemoryPorts();
  memory.state.users.set(AUTHOR, subscriber);
  const story = await createStory(memory.ports, AUTHOR, {
    title: 'Story',
    description: '',
    series: { kind: 'standalone' },
  });
  const second = await createChapter(memory.ports, AUTHOR, story.story_id, {});
  return {
    ...memory,
    storyId: story.story_id,
    firstChapterId: story.chapters![0]!.id,
    secondChapterId: second.id,
  };
}

describe('outlines, on in-memory repositories', () => {
  it('creates an outline from a template, empty of text and chapters, and the story carries it', async () => {
    const { ports, storyId } = await subscriberWithTwoChapters();

    const sections = await createOutline(ports, AUTHOR, storyId, 'threeAct');

    expect(sections.map((section) => section.header)).toEqual([
      'Act I: Setup',
      'Act II: Confrontation',
      'Act III: Resolution',
    ]);
    expect(sections.every((section) => section.text === '' && section.chapters.length === 0)).toBe(true);
    expect((await getStory(ports.repositories, AUTHOR, storyId)).outline).toEqual(sections);
  });

  it('gives a story without an outline an empty one', async () => {
    const { ports, storyId } = await subscriberWithTwoChapters();

    expect((await getStory(ports.repositories, AUTHOR, storyId)).outline).toEqual([]);
  });

  it('replaces an existing outline, text and chapters included', async () => {
    const { ports, storyId, firstChapterId } = await subscriberWithTwoChapters();
    await createOutline(ports, AUTHOR, storyId, 'threeAct');
    await updateOutline(ports, AUTHOR, storyId, [{ place: 1, text: 'Plans', chapters: [firstChapterId] }]);

    const sections = await createOutline(ports, AUTHOR, storyId, 'heroJourney');

    expect(sections).toHaveLength(12);
    expect((await getStory(ports.repositories, AUTHOR, storyId)).outline).toEqual(sections);
  });

  it('refuses free and lapsed accounts with 401 and the outline message', async () => {
    const { ports, state, storyId } = await subscriberWithTwoChapters();
    const lapsed = { ...subscriber, expires_at: String(Math.floor(TEST_NOW.getTime() / 1000) - 1) };

    for (const user of [freeUser, lapsed]) {
      state.users.set(AUTHOR, user);
      const refusal = createOutline(ports, AUTHOR, storyId, 'fiveAct');
      await expect(refusal).rejects.toBeInstanceOf(SubscriptionRequiredError);
      await expect(refusal).rejects.toThrow(OUTLINE_PREMIUM_MESSAGE);
      await expect(updateOutline(ports, AUTHOR, storyId, [{ place: 1 }])).rejects.toBeInstanceOf(
        SubscriptionRequiredError,
      );
    }
    expect(state.outlines.has(storyId)).toBe(false);
  });

  it("answers 404 for another author's story", async () => {
    const { ports, state, storyId } = await subscriberWithTwoChapters();
    state.users.set(OTHER_AUTHOR, subscriber);

    await expect(createOutline(ports, OTHER_AUTHOR, storyId, 'threeAct')).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(updateOutline(ports, OTHER_AUTHOR, storyId, [{ place: 1 }])).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('answers 404 when the story has no outline to update', async () => {
    const { ports, storyId } = await subscriberWithTwoChapters();

    await expect(updateOutline(ports, AUTHOR, storyId, [{ place: 1, text: 'x' }])).rejects.toThrow(
      'This story has no outline yet.',
    );
  });

  it('saves one section by its place and keeps the others as they were', async () => {
    const { ports, storyId } = await subscriberWithTwoChapters();
    const created = await createOutline(ports, AUTHOR, storyId, 'threeAct');

    const sections = await updateOutline(ports, AUTHOR, storyId, [{ place: 2, text: 'The midpoint twist' }]);

    expect(sections[1]).toEqual({ ...created[1], text: 'The midpoint twist' });
    expect([sections[0], sections[2]]).toEqual([created[0], created[2]]);
  });

  it('moves a chapter assigned to a second section out of the first', async () => {
    const { ports, storyId, firstChapterId, secondChapterId } = await subscriberWithTwoChapters();
    await createOutline(ports, AUTHOR, storyId, 'threeAct');
    await updateOutline(ports, AUTHOR, storyId, [{ place: 1, chapters: [firstChapterId, secondChapterId] }]);

    const sections = await updateOutline(ports, AUTHOR, storyId, [{ place: 3, chapters: [secondChapterId] }]);

    expect(sections.map((section) => section.chapters)).toEqual([[firstChapterId], [], [secondChapterId]]);
  });

  it('refuses a chapter id that is not a chapter of the story, and a place the outline does not have', async () => {
    const { ports, storyId, firstChapterId } = await subscriberWithTwoChapters();
    const other = await createStory(ports, AUTHOR, {
      title: 'Other',
      description: '',
      series: { kind: 'standalone' },
    });
    await createOutline(ports, AUTHOR, storyId, 'threeAct');

    await expect(
      updateOutline(ports, AUTHOR, storyId, [
        { place: 1, chapters: [firstChapterId, other.chapters![0]!.id] },
      ]),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(updateOutline(ports, AUTHOR, storyId, [{ place: 4, text: 'x' }])).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(
      (await getStory(ports.repositories, AUTHOR, storyId)).outline!.every((s) => s.chapters.length === 0),
    ).toBe(true);
  });

  it('takes a deleted chapter out of its section with the delete', async () => {
    const { ports, storyId, firstChapterId, secondChapterId } = await subscriberWithTwoChapters();
    await createOutline(ports, AUTHOR, storyId, 'fiveAct');
    await updateOutline(ports, AUTHOR, storyId, [
      { place: 1, chapters: [firstChapterId] },
      { place: 2, chapters: [secondChapterId] },
    ]);

    await trashChapter(ports, AUTHOR, storyId, firstChapterId);

    const { outline } = await getStory(ports.repositories, AUTHOR, storyId);
    expect(outline!.map((section) => section.chapters)).toEqual([[], [secondChapterId], [], [], []]);
  });

  it('refuses a chapter deleted since the chapters were read, at the commit and on a fresh read', async () => {
    const { ports, state, storyId, firstChapterId, secondChapterId } = await subscriberWithTwoChapters();
    await createOutline(ports, AUTHOR, storyId, 'threeAct');
    const read = await ports.repositories.chapters.listWithIndex(storyId);
    await trashChapter(ports, AUTHOR, storyId, secondChapterId);

    await expect(
      ports.repositories.commit([ports.repositories.chapters.indexCondition(storyId, read.index)]),
    ).rejects.toThrow();
    await expect(
      updateOutline(ports, AUTHOR, storyId, [{ place: 1, chapters: [secondChapterId] }]),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(state.outlines.get(storyId)!.sections[0]!.chapters).toEqual([]);
    await updateOutline(ports, AUTHOR, storyId, [{ place: 1, chapters: [firstChapterId] }]);
    expect(state.outlines.get(storyId)!.sections[0]!.chapters).toEqual([firstChapterId]);
  });

  it('refuses notes that would make the outline too large to keep as one item, and keeps it as it was', async () => {
    const { ports, storyId } = await subscriberWithTwoChapters();
    await createOutline(ports, AUTHOR, storyId, 'heroJourney');
    const longNotes = '語'.repeat(20_000);

    const refusal = updateOutline(
      ports,
      AUTHOR,
      storyId,
      Array.from({ length: 12 }, (_, index) => ({ place: index + 1, text: longNotes })),
    );

    await expect(refusal).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect((await getStory(ports.repositories, AUTHOR, storyId)).outline!.every((s) => s.text === '')).toBe(
      true,
    );
  });
});
