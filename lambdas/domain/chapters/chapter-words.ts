import type { Chapter } from '../../../shared/schemas/chapter';
import { countChunkWords } from '../../../shared/word-count';
import { inBatches } from '../in-batches';
import type { Repositories } from '../repositories';
import { orderedChapters } from './chapter-list';
import type { ChapterRecord, StoryChapters } from './chapter-repository';

/** Chapters written before word counts were kept, counted at once (each one Query of its paragraphs). */
const PARALLEL_CHAPTER_COUNTS = 8;

/** A story's chapters in order, its words and its last edit, as every story answer carries them. */
export interface StoryContents {
  chapters: Chapter[];
  word_count: number;
  /** ISO 8601: the latest change of the story's details, a chapter's title or a chapter's content. */
  last_edited_at: string;
}

/**
 * The story's chapters in order with its figures, from chapter records whose words are counted (see
 * `withWordCounts`); a chapter still being created has no words yet.
 */
export function storyContents(
  story: { updated_at: string },
  { chapters, index }: StoryChapters,
): StoryContents {
  let lastEdit = story.updated_at;
  for (const chapter of chapters) {
    for (const time of [chapter.updated_at, chapter.edited_at]) if (time && time > lastEdit) lastEdit = time;
  }
  return {
    chapters: orderedChapters(chapters, index),
    word_count: chapters.reduce((words, chapter) => words + (chapter.word_count ?? 0), 0),
    last_edited_at: lastEdit,
  };
}

/**
 * The stories' chapters with every ready chapter's words counted. Saves keep a chapter's count; a chapter
 * written before counts were kept is counted here once from its paragraphs (its stamp read first, so the count
 * is stored only if no save came between) and carries its count from then on.
 */
export async function withWordCounts(
  repositories: Repositories,
  stories: readonly StoryChapters[],
): Promise<StoryChapters[]> {
  const uncounted = stories.flatMap((story) =>
    story.chapters.filter((chapter) => chapter.word_count === undefined && chapter.status === 'ready'),
  );
  if (uncounted.length === 0) return [...stories];
  const counted = new Map(
    await inBatches(uncounted, PARALLEL_CHAPTER_COUNTS, async (chapter) => [
      chapter.chapter_id,
      await countStoredWords(repositories, chapter),
    ]),
  );
  return stories.map((story) => ({
    ...story,
    chapters: story.chapters.map((chapter) => {
      const words = counted.get(chapter.chapter_id);
      return words === undefined ? chapter : { ...chapter, word_count: words };
    }),
  }));
}

async function countStoredWords(repositories: Repositories, chapter: ChapterRecord): Promise<number> {
  const stamped = await repositories.chapters.get(chapter.story_id, chapter.chapter_id);
  if (!stamped) return 0;
  // Counted meanwhile: the listing the record came from may lag the table.
  if (stamped.word_count !== undefined) return stamped.word_count;
  const { blocks } = await repositories.blocks.readContent(chapter.chapter_id);
  let words = 0;
  for (const block of blocks.values()) words += countChunkWords(block.chunk);
  await repositories.chapters.recordWordCount(chapter.story_id, chapter.chapter_id, {
    words,
    content_stamp: stamped.content_stamp ?? '',
  });
  return words;
}

/**
 * A story's contents as they stand: its chapters read consistently (one Query), counted where need be; with
 * `includeChapter`, only the chapters it picks (what a collaborator reaches), counted and dated alone.
 */
export async function readStoryContents(
  repositories: Repositories,
  story: { story_id: string; updated_at: string },
  includeChapter: (chapterId: string) => boolean = () => true,
): Promise<StoryContents> {
  const listed = await repositories.chapters.listWithIndex(story.story_id);
  const [stored] = await withWordCounts(repositories, [
    { ...listed, chapters: listed.chapters.filter((chapter) => includeChapter(chapter.chapter_id)) },
  ]);
  return storyContents(story, stored!);
}
