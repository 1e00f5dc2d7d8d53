import { randomUUID } from 'node:crypto';
import { emptyParagraph } from '../../../shared/schemas/paragraph';
import type { Story } from '../../../shared/schemas/story';
import { defaultChapterTitle } from '../../../shared/validation';
import type { DomainPorts } from '../ports';
import { storyContents } from '../chapters/chapter-words';
import type { ChapterRecord } from '../chapters/chapter-repository';
import { sampleCoverImage } from '../images/generated-cover';
import { prepareUploadedImage } from '../images/images';
import { replaceImages, storeImage, storyImagePrefix } from '../images/stored-images';
import { placeNewStory, resolveSeriesChoice, type SeriesChoice } from '../series/series-membership';
import { retryOnConcurrentChange } from '../concurrency';
import type { StoryRecord } from './story-repository';
import { toStory } from './story-views';

/** The ports these operations use. */
export type CreateStoryPorts = Pick<
  DomainPorts,
  'repositories' | 'blobs' | 'sampleImages' | 'logger' | 'now'
>;

export interface NewStory {
  title: string;
  description: string;
  series: Exclude<SeriesChoice, { kind: 'unchanged' }>;
  /** The uploaded file; without one the story gets a cover made from its title. */
  image?: Buffer;
}

/**
 * POST /api/stories. The story, its series change, its first chapter ('Chapter 1', ready, with one empty
 * paragraph so the workspace opens on it) are written in one transaction: all or nothing.
 */
export async function createStory(ports: CreateStoryPorts, userId: string, input: NewStory): Promise<Story> {
  const { repositories } = ports;
  const {
    stories: storyRepository,
    series: seriesRepository,
    chapters: chapterRepository,
    blocks: blockRepository,
  } = repositories;
  const now = ports.now();

  // A series id that is not the caller's answers 404 before any image is stored.
  if (input.series.kind === 'series') await resolveSeriesChoice(seriesRepository, userId, input.series, now);
  const image = input.image
    ? await prepareUploadedImage(input.image)
    : await sampleCoverImage(ports.sampleImages, input.title, ports.logger);

  const storyId = randomUUID();
  const chapterId = randomUUID();
  const keyId = randomUUID();
  const storedImage = await storeImage(ports.blobs, storyImagePrefix(storyId), image, now);
  const chapter: ChapterRecord = {
    chapter_id: chapterId,
    story_id: storyId,
    title: defaultChapterTitle(0),
    status: 'ready',
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    word_count: 0,
  };

  return replaceImages(ports, [storedImage.key], async () => ({
    replaced: [],
    answer: await retryOnConcurrentChange(async () => {
      const placed = await placeNewStory(seriesRepository, userId, storyId, input.series, now);
      const story: StoryRecord = {
        story_id: storyId,
        title: input.title,
        description: input.description,
        image_url: storedImage.url,
        ...(placed.seriesId ? { series_id: placed.seriesId } : {}),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      await repositories.commit([
        storyRepository.createItem(userId, story),
        ...placed.seriesWrites,
        chapterRepository.createItem(userId, chapter),
        chapterRepository.createIndexItem(userId, storyId, [chapterId]),
        blockRepository.putBlockItem(
          chapterId,
          { key_id: keyId, chunk: JSON.stringify(emptyParagraph(keyId)) },
          now,
        ),
        blockRepository.saveOrderItem(chapterId, { key_ids: [], version: 0 }, [keyId]),
      ]);
      return toStory(
        story,
        placed.joined,
        storyContents(story, { chapters: [chapter], index: { chapter_ids: [chapterId], version: 1 } }),
      );
    }),
  }));
}
