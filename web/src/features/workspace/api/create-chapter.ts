import { useCallback } from 'react';
import type { Chapter, CreateChapterRequest } from '../../../../../shared/schemas/chapter';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { api } from '../../../lib/api-client';
import { workspaceAlerts } from '../workspace-messages';
import { workspaceApiPaths } from './workspace-api-paths';

/**
 * POST /api/stories/{storyId}/chapter. The server answers at once with the new chapter (its `id` included);
 * the chapter is prepared in the background, and its content answers 501 until then, which the editor handles.
 */
export function createChapter(storyId: string, request: CreateChapterRequest): Promise<Chapter> {
  return api.post<Chapter>(workspaceApiPaths.newChapter(storyId), request);
}

/** Creates a chapter; on failure shows the spec's 'Problem' alert and resolves `undefined`. */
export function useCreateChapter() {
  const { showAlert } = useAlerts();
  return useCallback(
    async (storyId: string, request: CreateChapterRequest): Promise<Chapter | undefined> => {
      try {
        return await createChapter(storyId, request);
      } catch (error) {
        console.error('Creating a chapter failed.', error);
        showAlert(workspaceAlerts.chapterCreationFailed);
        return undefined;
      }
    },
    [showAlert],
  );
}
