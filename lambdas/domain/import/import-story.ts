import { randomUUID } from 'node:crypto';
import { DEFAULT_DOCUMENT_SETTINGS } from '../../../shared/schemas/settings';
import { type Story, StoryTitleSchema } from '../../../shared/schemas/story';
import { STORY_DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from '../../../shared/validation';
import { describeError } from '../../logger';
import type { DomainPorts } from '../ports';
import { retryOnConcurrentChange } from '../concurrency';
import { sampleCoverImage } from '../images/generated-cover';
import { replaceImages, storeImage, storyImagePrefix } from '../images/stored-images';
import { placeNewStory, resolveSeriesChoice, type SeriesChoice } from '../series/series-membership';
import { deleteStory } from '../stories/delete-story';
import type { StoryRecord } from '../stories/story-repository';
import { toStory } from '../stories/story-views';
import { storyContents } from '../chapters/chapter-words';
import type { ChapterRecord } from '../chapters/chapter-repository';
import { withAutotab } from './paragraph-builder';
import { parseManuscript } from './parse-manuscript';
import {
  discardStagedManuscript,
  stageManuscript,
  type StagedManuscript,
  type StoryImportMessage,
} from './staged-manuscript';

/** The ports these operations use. */
export type ImportStoryPorts = Pick<
  DomainPorts,
  'repositories' | 'blobs' | 'queue' | 'sampleImages' | 'logger' | 'now'
>;

export interface ManuscriptImportRequest {
  file: { fileName: string; bytes: Uint8Array };
  /** Absent: the title is made from the file's name. */
  title?: string;
  /** Absent: the description names the file the story was imported from. */
  description?: string;
  series: Exclude<SeriesChoice, { kind: 'unchanged' }>;
}

const FALLBACK_TITLE = 'Imported manuscript';

/** A valid story title from a file name: the name without its extension, underscores as spaces. */
export function storyTitleFromFileName(fileName: string): string {
  const stem = (fileName.split(/[/\\]/).pop() ?? '').replace(/\.[^.]*$/, '');
  const cut = [...stem.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim()].slice(0, TITLE_MAX_LENGTH).join('');
  const checked = StoryTitleSchema.safeParse(cut);
  return checked.success ? checked.data : FALLBACK_TITLE;
}

function defaultDescription(fileName: string): string {
  const baseName = fileName.split(/[/\\]/).pop() || 'a manuscript';
  return `Imported from ${baseName}`.slice(0, STORY_DESCRIPTION_MAX_LENGTH);
}

/**
 * POST /api/stories/import. The file is parsed here, so a file that is not what it says, encrypted, empty,
 * too large or beyond a story's limits is refused before anything is stored. Then: the cover, the parsed
 * chapters staged for the worker, and one transaction writing the story (marked as importing, 0 of N
 * chapters), its series change and its chapter index; the chapters themselves are built by the import
 * worker. Should the queue refuse the message, the story is taken back out, so none is left importing forever.
 */
export async function importStory(
  ports: ImportStoryPorts,
  userId: string,
  request: ManuscriptImportRequest,
): Promise<Story> {
  const { repositories } = ports;
  const { stories: storyRepository, series: seriesRepository, chapters: chapterRepository } = repositories;
  const now = ports.now();

  const manuscript = await parseManuscript(request.file.bytes, request.file.fileName);
  if (request.series.kind === 'series') {
    await resolveSeriesChoice(seriesRepository, userId, request.series, now);
  }

  const storyId = randomUUID();
  const title = request.title ?? storyTitleFromFileName(request.file.fileName);
  const staged: StagedManuscript = {
    chapters: manuscript.chapters.map((chapter) => ({
      chapter_id: randomUUID(),
      title: chapter.title,
      // A new story starts with the default settings, autotab included.
      paragraphs: withAutotab(chapter.paragraphs, DEFAULT_DOCUMENT_SETTINGS.autotab).map((paragraph) => ({
        ...paragraph,
        key_id: paragraph.key_id ?? randomUUID(),
      })),
    })),
  };
  const cover = await sampleCoverImage(ports.sampleImages, title, ports.logger);
  const storedImage = await storeImage(ports.blobs, storyImagePrefix(storyId), cover, now);

  const story = await replaceImages(ports, [storedImage.key], async () => {
    let answer: Story;
    try {
      await stageManuscript(ports.blobs, storyId, staged);
      answer = await retryOnConcurrentChange(async () => {
        const placed = await placeNewStory(seriesRepository, userId, storyId, request.series, now);
        const record: StoryRecord = {
          story_id: storyId,
          title,
          description: request.description ?? defaultDescription(request.file.fileName),
          image_url: storedImage.url,
          ...(placed.seriesId ? { series_id: placed.seriesId } : {}),
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          import: { status: 'importing', chapters_done: 0, chapters_total: staged.chapters.length },
        };
        await repositories.commit([
          storyRepository.createItem(userId, record),
          ...placed.seriesWrites,
          chapterRepository.createIndexItem(
            userId,
            storyId,
            staged.chapters.map((chapter) => chapter.chapter_id),
          ),
        ]);
        // The chapters answer 501 until the worker has built them (spec §4 'Chapter content loading').
        const creatingChapters = staged.chapters.map((chapter): ChapterRecord => ({
          chapter_id: chapter.chapter_id,
          story_id: storyId,
          title: chapter.title,
          status: 'creating',
          created_at: record.created_at,
          updated_at: record.updated_at,
        }));
        return toStory(
          record,
          placed.joined,
          storyContents(record, {
            chapters: creatingChapters,
            index: { chapter_ids: creatingChapters.map((chapter) => chapter.chapter_id), version: 1 },
          }),
        );
      });
    } catch (error) {
      await discardStagedManuscript(ports.blobs, storyId);
      throw error;
    }
    return { answer, replaced: [] };
  });

  const message: StoryImportMessage = { story_id: storyId, user_id: userId };
  try {
    await ports.queue.send('storyImport', message);
  } catch (error) {
    ports.logger.error('story import could not be queued; withdrawing the story', describeError(error));
    await deleteStory(ports, userId, storyId);
    await discardStagedManuscript(ports.blobs, storyId);
    throw error;
  }
  return story;
}
