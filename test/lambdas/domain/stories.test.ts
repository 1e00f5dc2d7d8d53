import { describe, expect, it } from 'vitest';
import { DEFAULT_STORY_IMAGE_URL } from '../../../shared/default-images';
import { createStory } from '../../../lambdas/domain/stories/create-story';
import { deleteStory, purgeStoryContent } from '../../../lambdas/domain/stories/delete-story';
import { getStory, listStories } from '../../../lambdas/domain/stories/story-views';
import { updateStoryDetails } from '../../../lambdas/domain/stories/update-story-details';
import { NotFoundError } from '../../../lambdas/errors';
import { createMemoryPorts } from '../../helpers/memory-ports';

const AUTHOR = 'author-1';
const SOMEONE_ELSE = 'author-2';

describe('stories, on in-memory repositories', () => {
  it('creates a story with a ready first chapter holding one empty paragraph', async () => {
    const { ports, state } = createMemoryPorts();

    const story = await createStory(ports, AUTHOR, {
      title: 'Dune',
      description: 'Sand.',
      series: { kind: 'standalone' },
    });

    expect(story).toMatchObject({ title: 'Dune', description: 'Sand.' });
    expect(story.chapters).toEqual([
      expect.objectContaining({ title: 'Chapter 1', place: 1, status: 'ready' }),
    ]);
    const chapterId = story.chapters![0]!.id;
    const order = state.blockOrders.get(chapterId)!;
    expect(order.key_ids).toHaveLength(1);
    expect(JSON.parse(state.blocks.get(chapterId)!.get(order.key_ids[0]!)!.chunk)).toMatchObject({
      type: 'custom-paragraph',
      children: [],
    });
    expect(story.image_url).toMatch(new RegExp(`^/images/stories/${story.story_id}/title-cover-\\d+\\.jpg$`));
  });

  it("creates a new series from a typed name, and joins the author's series of that name ignoring case", async () => {
    const { ports } = createMemoryPorts();

    const first = await createStory(ports, AUTHOR, {
      title: 'Volume one',
      description: '',
      series: { kind: 'series', seriesTitle: 'The Saga' },
    });
    const second = await createStory(ports, AUTHOR, {
      title: 'Volume two',
      description: '',
      series: { kind: 'series', seriesTitle: 'the saga' },
    });

    expect(second.series_id).toBe(first.series_id);
    expect([first.series_place, second.series_place]).toEqual([1, 2]);
  });

  it('answers 404 for a story that is someone else’s, as for one that does not exist', async () => {
    const { ports } = createMemoryPorts();
    const story = await createStory(ports, AUTHOR, {
      title: 'Mine',
      description: '',
      series: { kind: 'standalone' },
    });

    await expect(getStory(ports.repositories, SOMEONE_ELSE, story.story_id)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(getStory(ports.repositories, AUTHOR, 'no-such-story')).rejects.toBeInstanceOf(NotFoundError);
    await expect(listStories(ports.repositories, SOMEONE_ELSE)).resolves.toEqual([]);
  });

  it('moves a story out of its series, and the volumes after it move up one place', async () => {
    const { ports } = createMemoryPorts();
    const inSeries = { kind: 'series', seriesTitle: 'Saga' } as const;
    const first = await createStory(ports, AUTHOR, { title: 'One', description: '', series: inSeries });
    const second = await createStory(ports, AUTHOR, { title: 'Two', description: '', series: inSeries });

    await updateStoryDetails(ports, AUTHOR, first.story_id, {
      title: 'One',
      description: '',
      series: { kind: 'standalone' },
    });

    const stories = await listStories(ports.repositories, AUTHOR);
    expect(stories.find((story) => story.story_id === first.story_id)?.series_id).toBeUndefined();
    expect(stories.find((story) => story.story_id === second.story_id)).toMatchObject({ series_place: 1 });
  });

  it('removes the story’s own cover: the default picture shows and the stored image is deleted', async () => {
    // Arrange: a new story gets a generated cover of its own.
    const { ports, blobs } = createMemoryPorts();
    const story = await createStory(ports, AUTHOR, {
      title: 'Bare',
      description: '',
      series: { kind: 'standalone' },
    });
    const coverKey = story.image_url.slice(1);

    // Act
    const updated = await updateStoryDetails(ports, AUTHOR, story.story_id, {
      title: 'Bare',
      description: '',
      series: { kind: 'unchanged' },
      image: { kind: 'remove' },
    });

    // Assert
    expect(updated.image_url).toBe(DEFAULT_STORY_IMAGE_URL);
    await expect(getStory(ports.repositories, AUTHOR, story.story_id)).resolves.toMatchObject({
      image_url: DEFAULT_STORY_IMAGE_URL,
    });
    expect(blobs.delete).toHaveBeenCalledWith('images', [coverKey]);
  });

  it('deletes the story at once for its author and hands its content to the deletion queue', async () => {
    const { ports, queue, state } = createMemoryPorts();
    const story = await createStory(ports, AUTHOR, {
      title: 'Gone',
      description: '',
      series: { kind: 'standalone' },
    });

    await deleteStory(ports, AUTHOR, story.story_id);

    await expect(listStories(ports.repositories, AUTHOR)).resolves.toEqual([]);
    expect(queue.send).toHaveBeenCalledWith('storyDeletion', { story_id: story.story_id });
    expect(state.chapters.size).toBe(1);

    await purgeStoryContent(ports, story.story_id);

    expect([state.chapters.size, state.blocks.size, state.blockOrders.size]).toEqual([0, 0, 0]);
  });
});
