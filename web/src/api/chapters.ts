/** The chapter calls of spec §7: one fetcher per endpoint, each answer parsed with the shared schema. */
import {
  ChapterListSchema,
  ChapterSchema,
  type Chapter,
  type CreateChapterRequest,
} from '../../../shared/schemas/chapter';

/** What the corkboard changes of a chapter: its synopsis or its stage. */
export type ChapterNotes = Partial<Pick<Chapter, 'synopsis' | 'stage'>>;
import { ApiError, api } from '../lib/api-client';
import { apiPaths } from './api-paths';

/**
 * POST /api/stories/{storyId}/chapter. The server answers at once with the new chapter (its `id` included);
 * the chapter is prepared in the background, and its content answers 501 until then, which the editor handles.
 */
export async function createChapter(storyId: string, request: CreateChapterRequest): Promise<Chapter> {
  return ChapterSchema.parse(await api.post(apiPaths.newChapter(storyId), request));
}

/**
 * POST /api/stories/{storyId}/chapters/{chapterId}/retry-creation: a chapter whose creation failed is queued
 * again; answers the chapter ('creating' again, or as it was when it had not failed).
 */
export async function retryChapterCreation(storyId: string, chapterId: string): Promise<Chapter> {
  return ChapterSchema.parse(await api.post(apiPaths.chapterCreationRetry(storyId, chapterId)));
}

/** PUT /api/stories/{storyId}/chapters: the full chapter list, its places renumbered from 1. */
export async function reorderChapters(storyId: string, chapters: Chapter[]): Promise<Chapter[]> {
  return ChapterListSchema.parse(await api.put(apiPaths.chapters(storyId), chapters));
}

/**
 * The chapter object as a PUT sends it: without its synopsis and stage, which the server then keeps as they are.
 * Each change sends only what it changes, so a rename or a stage chosen while another change is on its way
 * (or made from a copy of the chapter read before it) never puts back what that change replaced.
 */
function withoutNotes({ synopsis: _synopsis, stage: _stage, ...chapter }: Chapter) {
  return chapter;
}

/** PUT /api/stories/{storyId}/chapters/{chapterId}: the chapter object carrying the new title. */
export async function renameChapter(chapter: Chapter, title: string): Promise<Chapter> {
  return ChapterSchema.parse(
    await api.put(apiPaths.chapter(chapter.story_id, chapter.id), { ...withoutNotes(chapter), title }),
  );
}

/**
 * PUT /api/stories/{storyId}/chapters/{chapterId} (the same call): the chapter object carrying a new synopsis
 * or stage (null clears either), and not the other.
 */
export async function updateChapterNotes(chapter: Chapter, notes: ChapterNotes): Promise<Chapter> {
  return ChapterSchema.parse(
    await api.put(apiPaths.chapter(chapter.story_id, chapter.id), { ...withoutNotes(chapter), ...notes }),
  );
}

/** DELETE /api/stories/{storyId}/chapter/{chapterId}, without a body. Spec §7: a 501 is success. */
export async function deleteChapter(storyId: string, chapterId: string): Promise<void> {
  try {
    await api.delete(apiPaths.deletedChapter(storyId, chapterId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 501) return;
    throw error;
  }
}
