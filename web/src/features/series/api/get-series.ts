import { useCallback } from 'react';
import type { Series } from '../../../../../shared/schemas/series';
import { api } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

/** GET /api/series/{id}: the series with its volumes in place order. */
export function getSeries(seriesId: string, signal?: AbortSignal): Promise<Series> {
  return api.get<Series>(`/api/series/${encodeURIComponent(seriesId)}`, { signal });
}

export function useSeries(seriesId: string) {
  return useApiQuery(useCallback((signal: AbortSignal) => getSeries(seriesId, signal), [seriesId]));
}
