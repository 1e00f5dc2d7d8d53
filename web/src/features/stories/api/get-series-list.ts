import type { Series } from '../../../../../shared/schemas/series';
import { api } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

/** GET /api/series: every series of the author, each with its volumes in place order. */
export function getSeriesList(signal?: AbortSignal): Promise<Series[]> {
  return api.get<Series[]>('/api/series', { signal });
}

export function useSeriesList() {
  return useApiQuery(getSeriesList);
}
