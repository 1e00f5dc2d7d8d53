import { useCallback } from 'react';
import type { DocumentSettings } from '../../../../../shared/schemas/settings';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { api } from '../../../lib/api-client';
import { workspaceAlerts } from '../workspace-messages';
import { workspaceApiPaths } from './workspace-api-paths';

/** PUT /api/stories/{id}/settings: the settings JSON. */
export function updateDocumentSettings(
  storyId: string,
  settings: DocumentSettings,
): Promise<DocumentSettings> {
  return api.put<DocumentSettings>(workspaceApiPaths.documentSettings(storyId), settings);
}

/** Saves the story's document settings; on failure shows an alert and resolves `false`. */
export function useUpdateDocumentSettings() {
  const { showAlert } = useAlerts();
  return useCallback(
    async (storyId: string, settings: DocumentSettings): Promise<boolean> => {
      try {
        await updateDocumentSettings(storyId, settings);
        return true;
      } catch (error) {
        console.error('Saving the document settings failed.', error);
        showAlert(workspaceAlerts.settingsFailed);
        return false;
      }
    },
    [showAlert],
  );
}
