import { useCallback } from 'react';
import { ONLY_CHAPTER_MESSAGE } from '../../../../../shared/validation';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { ApiError, api } from '../../../lib/api-client';
import { workspaceAlerts } from '../workspace-messages';
import { workspaceApiPaths } from './workspace-api-paths';

/** DELETE /api/stories/{storyId}/chapter/{chapterId}, without a body. Spec §7: a 501 is success. */
export async function deleteChapter(storyId: string, chapterId: string): Promise<void> {
  try {
    await api.delete(workspaceApiPaths.deletedChapter(storyId, chapterId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 501) return;
    throw error;
  }
}

/**
 * Deletes a chapter; on failure shows an alert and resolves `false`. The server refuses (409) to delete a
 * story's only chapter, for instance when another tab deleted the others: that refusal is shown in the spec's
 * words.
 */
export function useDeleteChapter() {
  const { showAlert } = useAlerts();
  return useCallback(
    async (storyId: string, chapterId: string): Promise<boolean> => {
      try {
        await deleteChapter(storyId, chapterId);
        return true;
      } catch (error) {
        console.error('Deleting a chapter failed.', error);
        showAlert(
          error instanceof ApiError && error.code === 'only_chapter'
            ? { title: 'Error', message: ONLY_CHAPTER_MESSAGE, severity: 'warning' }
            : workspaceAlerts.chapterDeletionFailed,
        );
        return false;
      }
    },
    [showAlert],
  );
}
