import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_DOCUMENT_SETTINGS, type DocumentSettings } from '../../../../../shared/schemas/settings';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { ApiError, api } from '../../../lib/api-client';
import { workspaceAlerts } from '../workspace-messages';
import { workspaceApiPaths } from './workspace-api-paths';

/** GET /api/stories/{id}/settings. Spec §8: a 404 means the author saved none, so the defaults hold. */
export async function getDocumentSettings(storyId: string): Promise<DocumentSettings> {
  try {
    return await api.get<DocumentSettings>(workspaceApiPaths.documentSettings(storyId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return DEFAULT_DOCUMENT_SETTINGS;
    throw error;
  }
}

/**
 * The story's document settings, `undefined` until they have been read. If they cannot be read the author
 * is told and writes with the defaults rather than not at all.
 */
export function useDocumentSettings(storyId: string) {
  const { showAlert } = useAlerts();
  const [settings, setSettings] = useState<DocumentSettings | undefined>(undefined);

  useEffect(() => {
    let current = true;
    getDocumentSettings(storyId).then(
      (loaded) => {
        if (current) setSettings(loaded);
      },
      (error: unknown) => {
        if (!current) return;
        console.error('Loading the document settings failed.', error);
        showAlert(workspaceAlerts.loadFailed);
        setSettings(DEFAULT_DOCUMENT_SETTINGS);
      },
    );
    return () => {
      current = false;
    };
  }, [storyId, showAlert]);

  const replaceSettings = useCallback((next: DocumentSettings) => setSettings(next), []);

  return { settings, replaceSettings };
}
