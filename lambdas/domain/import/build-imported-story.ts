import type { StoryImport } from '../../../shared/schemas/story';
import { countChunkWords } from '../../../shared/word-count';
import type { DomainPorts } from '../ports';
import { transactionGroups } from '../blocks/sync-blocks';
import { markChaptersCreationFailed } from '../chapters/chapter-creation-failure';
import type { ChapterRecord } from '../chapters/chapter-repository';
import { ConcurrentChangeError, retryOnConcurrentChange } from '../concurrency';
import { MAX_WRITES_PER_TRANSACTION } from '../unit-of-work';
import {
  discardStagedManuscript,
  readStagedManuscript,
  type StagedChapter,
  type StoryImportMessage,
} from './staged-manuscript';

/** The ports these operations use. */
export type BuildImportedStoryPorts = Pick<DomainPorts, 'repositories' | 'blobs' | 'now'>;

export type ImportOutcome = 'built' | 'failed' | 'nothing to do';

/** A chapter item transaction holds the story check and the chapters. */
const CHAPTERS_PER_TRANSACTION = MAX_WRITES_PER_TRANSACTION - 1;

/**
 * The import worker's job (issue 14 §1): every chapter of the staged manuscript written as 'creating' (so
 * the workspace lists them and their content answers 501), then each chapter in turn: its paragraphs, then
 * its order item, the chapter marked ready and the story's progress in one transaction. Every write checks
 * the story still exists, and paragraph writes that their chapter is still being created, so a story or
 * chapter deleted meanwhile gets nothing back. Ids were fixed when the manuscript was staged, so a
 * redelivered message rewrites the same items and carries on where the last delivery stopped.
 */
export async function buildImportedStory(
  ports: BuildImportedStoryPorts,
  message: StoryImportMessage,
): Promise<ImportOutcome> {
  const { repositories, blobs } = ports;
  const { story_id: storyId, user_id: userId } = message;
  const [story] = await repositories.stories.getOwned(userId, [storyId]);
  if (story?.import?.status !== 'importing') {
    await discardStagedManuscript(blobs, storyId);
    return 'nothing to do';
  }
  const manuscript = await readStagedManuscript(blobs, storyId);
  if (!manuscript) {
    await markImportFailed(ports, message);
    return 'failed';
  }

  const existing = await createImportedChapters(ports, message, manuscript.chapters);
  const total = manuscript.chapters.length;
  let done = manuscript.chapters.filter(
    (chapter) => existing.get(chapter.chapter_id)?.status !== 'creating',
  ).length;
  for (const chapter of manuscript.chapters) {
    if (existing.get(chapter.chapter_id)?.status !== 'creating') continue;
    done += 1;
    const progress: StoryImport = { status: 'importing', chapters_done: done, chapters_total: total };
    try {
      await buildChapter(ports, message, chapter, progress);
    } catch (error) {
      // The author deleted the chapter while it was being built: nothing of it is wanted any more.
      const deleted = !(await repositories.chapters.get(storyId, chapter.chapter_id));
      if (!(error instanceof ConcurrentChangeError) || !deleted) throw error;
    }
  }

  await repositories.commit([repositories.stories.setImportItem(userId, storyId, undefined)]);
  await discardStagedManuscript(blobs, storyId);
  return 'built';
}

/**
 * The staged chapters the story does not hold yet, written as 'creating'; answers every chapter of the story
 * by id. Only chapters its index still names are written, so one the author deleted is not brought back.
 */
export async function createImportedChapters(
  ports: BuildImportedStoryPorts,
  message: StoryImportMessage,
  chapters: readonly StagedChapter[],
): Promise<Map<string, ChapterRecord>> {
  const { repositories } = ports;
  const { story_id: storyId, user_id: userId } = message;
  const now = ports.now().toISOString();
  const { chapters: stored, index } = await repositories.chapters.listWithIndex(storyId);
  const byId = new Map(stored.map((chapter) => [chapter.chapter_id, chapter]));
  const indexed = new Set(index.chapter_ids);
  const missing: ChapterRecord[] = chapters
    .filter((chapter) => !byId.has(chapter.chapter_id) && indexed.has(chapter.chapter_id))
    .map((chapter) => ({
      chapter_id: chapter.chapter_id,
      story_id: storyId,
      title: chapter.title,
      status: 'creating',
      created_at: now,
      updated_at: now,
    }));
  for (let start = 0; start < missing.length; start += CHAPTERS_PER_TRANSACTION) {
    const group = missing.slice(start, start + CHAPTERS_PER_TRANSACTION);
    await repositories.commit([
      repositories.stories.existsCondition(userId, storyId),
      ...group.map((chapter) => repositories.chapters.createItem(userId, chapter)),
    ]);
    for (const chapter of group) byId.set(chapter.chapter_id, chapter);
  }
  return byId;
}

async function buildChapter(
  ports: BuildImportedStoryPorts,
  message: StoryImportMessage,
  chapter: StagedChapter,
  progress: StoryImport,
): Promise<void> {
  const { repositories } = ports;
  const { chapters: chapterRepository, blocks: blockRepository, stories: storyRepository } = repositories;
  const { story_id: storyId, user_id: userId } = message;
  const now = ports.now();
  const blocks = chapter.paragraphs.map((paragraph) => ({
    key_id: paragraph.key_id,
    chunk: JSON.stringify(paragraph),
  }));
  for (const group of transactionGroups(blocks, (block) => Buffer.byteLength(block.chunk))) {
    await repositories.commit([
      chapterRepository.creatingCondition(storyId, chapter.chapter_id),
      ...group.map((block) => blockRepository.putBlockItem(chapter.chapter_id, block, now)),
    ]);
  }
  await repositories.commit([
    chapterRepository.markReadyItem(
      storyId,
      chapter.chapter_id,
      now,
      blocks.reduce((words, block) => words + countChunkWords(block.chunk), 0),
    ),
    blockRepository.saveOrderItem(
      chapter.chapter_id,
      { key_ids: [], version: 0 },
      blocks.map((block) => block.key_id),
    ),
    storyRepository.setImportItem(userId, storyId, progress),
  ]);
}

/**
 * Leaves the story showing that its import failed (the chapters built so far stay readable), when its staged
 * manuscript is gone or unreadable, or when the queue has delivered the message for the last time. The chapters
 * not built yet are marked failed, so the workspace shows them so (with 'Try again', which makes them empty
 * chapters, and delete) rather than waiting for ever.
 */
export async function markImportFailed(
  ports: BuildImportedStoryPorts,
  message: StoryImportMessage,
): Promise<void> {
  const { repositories } = ports;
  const { story_id: storyId, user_id: userId } = message;
  const failedNow = await retryOnConcurrentChange(async () => {
    const [story] = await repositories.stories.getOwned(userId, [storyId]);
    if (story?.import?.status !== 'importing') return false;
    await repositories.commit([
      repositories.stories.setImportItem(userId, storyId, { ...story.import, status: 'failed' }),
    ]);
    return true;
  });
  if (failedNow) {
    const { chapters } = await repositories.chapters.listWithIndex(storyId);
    const unbuilt = chapters.filter((chapter) => chapter.status === 'creating');
    await markChaptersCreationFailed(
      repositories,
      storyId,
      unbuilt.map((chapter) => chapter.chapter_id),
      ports.now(),
    );
  }
  await discardStagedManuscript(ports.blobs, storyId);
}
