import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Chapter } from '../../../../../shared/schemas/chapter';
import { DEFAULT_DOCUMENT_SETTINGS, type DocumentSettings } from '../../../../../shared/schemas/settings';
import type { StoryProgress } from '../../../../../shared/schemas/progress';
import type { Story } from '../../../../../shared/schemas/story';
import { documentSettingsQuery } from '../../../api/document-settings';
import { storyProgressQuery } from '../../../api/progress';
import { storyQuery } from '../../../api/stories';
import { PREFETCHED_FRESH_MS } from '../../../api/story-workspace-prefetch';
import { ApiError } from '../../../lib/api-client';
import { useLoadQuery } from '../../../lib/use-load-query';
import { byPlace } from '../utils/chapter-order';

/** A story as the workspace holds it: its chapters always present and sorted by place. */
export type WorkspaceStory = Omit<Story, 'chapters'> & { chapters: Chapter[] };

function asWorkspaceStory(story: Story): WorkspaceStory {
  return { ...story, chapters: [...(story.chapters ?? [])].sort(byPlace) };
}

export type StoryLookup =
  | { status: 'loading' }
  | { status: 'failed'; notFound: boolean }
  | { status: 'loaded'; story: WorkspaceStory };

/** The story with its chapters; a failed load shows the spec's 'Error retrieving data' alert. */
export function useWorkspaceStory(storyId: string): StoryLookup {
  const query = useLoadQuery(
    { ...storyQuery(storyId), select: asWorkspaceStory, staleTime: PREFETCHED_FRESH_MS },
    { what: 'the story' },
  );
  if (query.data) return { status: 'loaded', story: query.data };
  if (query.isError) {
    return { status: 'failed', notFound: query.error instanceof ApiError && query.error.status === 404 };
  }
  return { status: 'loading' };
}

/**
 * Changes the loaded story where every part of the page reads it, as the author renames, adds, moves and
 * deletes; does nothing before it has loaded.
 */
export function useChangeStory(storyId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (change: (story: WorkspaceStory) => WorkspaceStory) =>
      queryClient.setQueryData(
        storyQuery(storyId).queryKey,
        (story) => story && change(asWorkspaceStory(story)),
      ),
    [queryClient, storyId],
  );
}

/** Changes the loaded story's chapters, handed over sorted by place. */
export function useChangeChapters(storyId: string) {
  const changeStory = useChangeStory(storyId);
  return useCallback(
    (change: (chapters: Chapter[]) => Chapter[]) =>
      changeStory((story) => ({ ...story, chapters: change(story.chapters) })),
    [changeStory],
  );
}

/**
 * The story's document settings, `undefined` until they have been read. If they cannot be read the author
 * is told and writes with the defaults rather than not at all.
 */
export function useDocumentSettings(storyId: string): DocumentSettings | undefined {
  const query = useLoadQuery(
    { ...documentSettingsQuery(storyId), staleTime: PREFETCHED_FRESH_MS },
    { what: 'the document settings' },
  );
  return query.data ?? (query.isError ? DEFAULT_DOCUMENT_SETTINGS : undefined);
}

function wordCountsByChapter(progress: StoryProgress): ReadonlyMap<string, number> {
  return new Map(progress.chapters.map((chapter) => [chapter.chapter_id, chapter.words]));
}

/**
 * The stored word count of each chapter, by chapter id: `undefined` while loading, `null` if the story could
 * not be read. Only the story's total is shown from it, so a failure is logged rather than announced. The
 * server counts them from its cached story text: the browser used to download and check every paragraph of
 * the story for this, beside the chapter it was opening.
 */
export function useStoredWordCounts(storyId: string): ReadonlyMap<string, number> | null | undefined {
  const query = useLoadQuery(
    { ...storyProgressQuery(storyId), select: wordCountsByChapter, staleTime: PREFETCHED_FRESH_MS },
    { what: "the story's word counts", announce: false },
  );
  return query.data ?? (query.isError ? null : undefined);
}
