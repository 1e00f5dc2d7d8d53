import { ApiError, api } from '../../../lib/api-client';

/** DELETE /api/series/{id}: its volumes become standalone stories. Spec §7: a 501 counts as success. */
export async function deleteSeries(seriesId: string): Promise<void> {
  try {
    await api.delete<void>(`/api/series/${encodeURIComponent(seriesId)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 501) return;
    throw error;
  }
}
