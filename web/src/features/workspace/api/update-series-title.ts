import { useCallback } from 'react';
import type { Series } from '../../../../../shared/schemas/series';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { api } from '../../../lib/api-client';
import { workspaceAlerts } from '../workspace-messages';
import { workspaceApiPaths } from './workspace-api-paths';

/**
 * PUT /api/series/{id} (multipart) with the title alone: without `series_description`, `stories` or a file,
 * the description, the volumes and the image stay as they are.
 */
export async function updateSeriesTitle(seriesId: string, title: string): Promise<Series> {
  const form = new FormData();
  form.append('series_title', title);
  return api.put<Series>(workspaceApiPaths.series(seriesId), form);
}

/** Renames the story's series from the header; on failure shows the spec's alert and resolves `false`. */
export function useUpdateSeriesTitle() {
  const { showAlert } = useAlerts();
  return useCallback(
    async (seriesId: string, title: string): Promise<boolean> => {
      try {
        await updateSeriesTitle(seriesId, title);
        return true;
      } catch (error) {
        console.error('Renaming the series failed.', error);
        showAlert(workspaceAlerts.seriesTitleFailed);
        return false;
      }
    },
    [showAlert],
  );
}
