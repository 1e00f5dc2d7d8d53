import { parseParagraphChunk, type ChapterText, type StoredParagraph } from '../../../shared/paragraph-text';
import type { Chapter } from '../../../shared/schemas/chapter';
import type { StoryReplacement } from '../../../shared/text-replacement';
import { readChapterContent } from '../blocks/chapter-content';
import { listChapters, orderedChapters } from '../chapters/chapter-list';
import type { StoredChapterTime } from '../chapters/chapter-repository';
import { inBatches } from '../in-batches';
import type { Repositories } from '../repositories';
import { compactChapterText } from '../text-cache/compact-paragraph';

/**
 * Chapter partitions read at once. More than the full story's 8: these reads answer while the author waits
 * (a 60-chapter novel: 3 rounds instead of 8), and each is one Query of one small partition.
 */
const PARALLEL_CHAPTER_READS = 20;

/** A stored paragraph with the chunk it was parsed from, which a rewrite is conditional on. */
export interface StoredParagraphWithChunk extends StoredParagraph {
  chunk: string;
}

export interface StoredChapterText extends ChapterText {
  paragraphs: readonly StoredParagraphWithChunk[];
}

/**
 * One chapter's stored paragraphs in order, parsed: one Query (none for a chapter being created, which has no
 * text yet). A chunk that is not a paragraph (never stored by the API) is left out rather than failing.
 */
export async function readChapterText(
  repositories: Repositories,
  chapter: Pick<Chapter, 'id' | 'title' | 'place' | 'status'>,
): Promise<StoredChapterText> {
  const content =
    chapter.status === 'ready' ? await readChapterContent(repositories, chapter.id) : { items: [] };
  const paragraphs = content.items.flatMap((item): StoredParagraphWithChunk[] => {
    const chunk = item.chunk.Value;
    const paragraph = parseParagraphChunk(chunk);
    return paragraph ? [{ key_id: item.key_id.Value, paragraph, chunk }] : [];
  });
  return { chapter_id: chapter.id, title: chapter.title, place: chapter.place, paragraphs };
}

/**
 * Every chapter of the story with its stored paragraphs, formatting and chunks included: what exports and
 * rewrites read. Costs one Query for the chapters and one per ready chapter, twenty chapters at a time.
 */
export async function readStoryText(
  repositories: Repositories,
  storyId: string,
): Promise<StoredChapterText[]> {
  const chapters = await listChapters(repositories, storyId);
  return inBatches(chapters, PARALLEL_CHAPTER_READS, (chapter) => readChapterText(repositories, chapter));
}

/**
 * Reads each chapter's paragraphs, compacts them and caches them at the chapter's stamp, twenty chapters at a
 * time: one Query and one put per chapter. The stamps must have been read before the paragraphs (both strongly
 * consistent), so a cached text is never labelled with a stamp newer than its content.
 */
async function cacheChapterTexts(
  repositories: Repositories,
  chapters: readonly Chapter[],
  stamps: ReadonlyMap<string, string>,
): Promise<Map<string, readonly StoredParagraph[]>> {
  const paragraphsById = new Map<string, readonly StoredParagraph[]>();
  await inBatches(chapters, PARALLEL_CHAPTER_READS, async (chapter) => {
    const { paragraphs } = compactChapterText(await readChapterText(repositories, chapter));
    paragraphsById.set(chapter.id, paragraphs);
    await repositories.textCache.put(chapter.id, {
      content_stamp: stamps.get(chapter.id)!,
      paragraphs: [...paragraphs],
    });
  });
  return paragraphsById;
}

/** The story's chapters in place order, and each chapter's content stamp by id, from one Query. */
async function listChaptersWithStamps(repositories: Repositories, storyId: string) {
  const { chapters: records, index } = await repositories.chapters.listWithIndex(storyId);
  const stamps = new Map(records.map((record) => [record.chapter_id, record.content_stamp ?? '']));
  const times = new Map(records.map((record) => [record.chapter_id, record.story_time]));
  return { chapters: orderedChapters(records, index), stamps, times };
}

/**
 * Every chapter of the story, in place order, with its paragraphs compacted (`compactParagraph`): what the
 * story-wide reads (appearances, the mention grid, suggestions, search) need, and all they get the same answer
 * from as from the stored paragraphs. Each chapter's text comes from its cache while the cache's stamp is the
 * chapter's; otherwise from its paragraphs, which are then cached for the next call. Costs the chapter Query
 * and one BatchGet (100 chapters a call) of the cached texts a warm process does not hold in memory at their
 * stamps already; for each chapter changed since its text was cached, one Query of its paragraphs and one put.
 */
export async function readSearchableStoryText(
  repositories: Repositories,
  storyId: string,
): Promise<ChapterText[]> {
  return (await readSearchableStoryTextWithTimes(repositories, storyId)).map(
    ({ time: _time, ...text }) => text,
  );
}

/** A chapter's searchable text with when it happens (issue 25 §1), read with it. */
export interface TimedChapterText extends ChapterText {
  time: StoredChapterTime | undefined;
}

/** `readSearchableStoryText` with each chapter's story time, from the same chapter Query. */
export async function readSearchableStoryTextWithTimes(
  repositories: Repositories,
  storyId: string,
): Promise<TimedChapterText[]> {
  const { chapters, stamps, times } = await listChaptersWithStamps(repositories, storyId);
  const ready = chapters.filter((chapter) => chapter.status === 'ready');
  const paragraphsById = new Map<string, readonly StoredParagraph[]>(
    await repositories.textCache.getCurrent(
      ready.map((chapter) => ({ chapter_id: chapter.id, content_stamp: stamps.get(chapter.id)! })),
    ),
  );
  const stale = ready.filter((chapter) => !paragraphsById.has(chapter.id));
  for (const [chapterId, paragraphs] of await cacheChapterTexts(repositories, stale, stamps)) {
    paragraphsById.set(chapterId, paragraphs);
  }
  return chapters.map((chapter) => ({
    chapter_id: chapter.id,
    title: chapter.title,
    place: chapter.place,
    paragraphs: paragraphsById.get(chapter.id) ?? [],
    time: times.get(chapter.id),
  }));
}

/**
 * Caches anew the text of the given chapters, after a write that changed them all (a rewrite across the
 * story), so the story-wide read that follows (the find bar searching again, the bible's counts) does not
 * read them. One Query for the stamps, then as `readSearchableStoryText` does for a changed chapter.
 */
export async function refreshCachedTexts(
  repositories: Repositories,
  storyId: string,
  chapterIds: ReadonlySet<string>,
): Promise<void> {
  const { chapters, stamps } = await listChaptersWithStamps(repositories, storyId);
  const changed = chapters.filter((chapter) => chapter.status === 'ready' && chapterIds.has(chapter.id));
  await cacheChapterTexts(repositories, changed, stamps);
}

/**
 * The stored paragraphs of the chapters a rewrite changes, found in the searchable text (which names the same
 * chapters: its matches are the stored paragraphs' matches), so a rewrite reads only the chapters it changes.
 * One Query per changed chapter, twenty at a time.
 */
export async function readChaptersToRewrite(
  repositories: Repositories,
  texts: readonly ChapterText[],
  rewrite: (texts: readonly ChapterText[]) => StoryReplacement,
): Promise<StoredChapterText[]> {
  const changed = new Set(rewrite(texts).chapters.map((chapter) => chapter.chapter_id));
  return inBatches(
    texts.filter((text) => changed.has(text.chapter_id)),
    PARALLEL_CHAPTER_READS,
    (text) =>
      readChapterText(repositories, {
        id: text.chapter_id,
        title: text.title,
        place: text.place,
        status: 'ready',
      }),
  );
}
