import { useCallback } from 'react';
import type { Chapter } from '../../../../../shared/schemas/chapter';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { api } from '../../../lib/api-client';
import { workspaceAlerts } from '../workspace-messages';
import { workspaceApiPaths } from './workspace-api-paths';

/** PUT /api/stories/{storyId}/chapters: the full chapter list, its places renumbered from 1. */
export function reorderChapters(storyId: string, chapters: Chapter[]): Promise<Chapter[]> {
  return api.put<Chapter[]>(workspaceApiPaths.chapters(storyId), chapters);
}

/** Saves a new chapter order; on failure shows the spec's chapters-update alert and resolves `false`. */
export function useReorderChapters() {
  const { showAlert } = useAlerts();
  return useCallback(
    async (storyId: string, chapters: Chapter[]): Promise<boolean> => {
      try {
        await reorderChapters(storyId, chapters);
        return true;
      } catch (error) {
        console.error('Reordering chapters failed.', error);
        showAlert(workspaceAlerts.chapterOrderFailed);
        return false;
      }
    },
    [showAlert],
  );
}
