import { useCallback } from 'react';
import type { Chapter } from '../../../../../shared/schemas/chapter';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { api } from '../../../lib/api-client';
import { workspaceAlerts } from '../workspace-messages';
import { workspaceApiPaths } from './workspace-api-paths';

/** PUT /api/stories/{storyId}/chapters/{chapterId}: the whole chapter object carrying the new title. */
export function renameChapter(chapter: Chapter, title: string): Promise<Chapter> {
  return api.put<Chapter>(workspaceApiPaths.chapter(chapter.story_id, chapter.id), { ...chapter, title });
}

/** Renames a chapter; on failure shows the spec's chapter-update alert and resolves `false`. */
export function useRenameChapter() {
  const { showAlert } = useAlerts();
  return useCallback(
    async (chapter: Chapter, title: string): Promise<boolean> => {
      try {
        await renameChapter(chapter, title);
        return true;
      } catch (error) {
        console.error('Renaming a chapter failed.', error);
        showAlert(workspaceAlerts.chapterFailed);
        return false;
      }
    },
    [showAlert],
  );
}
