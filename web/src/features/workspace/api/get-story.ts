import { useCallback, useEffect, useState } from 'react';
import type { Chapter } from '../../../../../shared/schemas/chapter';
import type { Story } from '../../../../../shared/schemas/story';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { ApiError, api } from '../../../lib/api-client';
import { workspaceAlerts } from '../workspace-messages';
import { workspaceApiPaths } from './workspace-api-paths';
import { byPlace } from '../utils/chapter-order';

/** A story as the workspace holds it: its chapters always present and sorted by place. */
export type WorkspaceStory = Omit<Story, 'chapters'> & { chapters: Chapter[] };

/** GET /api/stories/{id}: the story with its chapters. */
export async function getStory(storyId: string): Promise<WorkspaceStory> {
  const story = await api.get<Story>(workspaceApiPaths.story(storyId));
  return { ...story, chapters: [...(story.chapters ?? [])].sort(byPlace) };
}

export type StoryLookup =
  | { status: 'loading' }
  | { status: 'failed'; notFound: boolean }
  | { status: 'loaded'; story: WorkspaceStory };

/**
 * Loads the story once and keeps it as local state the workspace edits as the author renames, adds, moves and
 * deletes. A failed load shows the spec's 'Error retrieving data' alert.
 */
export function useStory(storyId: string) {
  const { showAlert } = useAlerts();
  const [lookup, setLookup] = useState<StoryLookup>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    getStory(storyId).then(
      (story) => {
        if (current) setLookup({ status: 'loaded', story });
      },
      (error: unknown) => {
        if (!current) return;
        console.error('Loading the story failed.', error);
        showAlert(workspaceAlerts.loadFailed);
        setLookup({ status: 'failed', notFound: error instanceof ApiError && error.status === 404 });
      },
    );
    return () => {
      current = false;
    };
  }, [storyId, showAlert]);

  /** Changes the loaded story; does nothing before it has loaded. */
  const updateStory = useCallback((change: (story: WorkspaceStory) => WorkspaceStory) => {
    setLookup((previous) =>
      previous.status === 'loaded' ? { status: 'loaded', story: change(previous.story) } : previous,
    );
  }, []);

  return { lookup, updateStory };
}
