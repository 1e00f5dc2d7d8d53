import type { Chapter } from '../../../shared/schemas/chapter';
import type { Repositories } from '../repositories';
import type { ChapterIndex, ChapterRecord } from './chapter-repository';

export function toChapter(record: ChapterRecord, place: number): Chapter {
  return {
    id: record.chapter_id,
    chapter_id: record.chapter_id,
    story_id: record.story_id,
    title: record.title,
    place,
    status: record.status,
    synopsis: record.synopsis ?? null,
    stage: record.stage ?? null,
  };
}

/**
 * The chapters in index order, places from 1. Chapter items and the index change together in transactions;
 * a chapter missing from the index is still listed, last, so no chapter can ever be hidden.
 */
export function orderedChapters(chapters: ChapterRecord[], index: ChapterIndex): Chapter[] {
  const byId = new Map(chapters.map((chapter) => [chapter.chapter_id, chapter]));
  const indexed = index.chapter_ids.flatMap((id) => byId.get(id) ?? []);
  const unindexed = chapters.filter((chapter) => !index.chapter_ids.includes(chapter.chapter_id));
  return [...indexed, ...unindexed].map((chapter, position) => toChapter(chapter, position + 1));
}

export async function listChapters(repositories: Repositories, storyId: string): Promise<Chapter[]> {
  const { chapters, index } = await repositories.chapters.listWithIndex(storyId);
  return orderedChapters(chapters, index);
}
