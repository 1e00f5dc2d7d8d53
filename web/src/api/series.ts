/** The series calls of spec §7: one fetcher per endpoint, each answer parsed with the shared schema. */
import {
  SeriesListSchema,
  SeriesSchema,
  type Series,
  type SeriesStoryPlacement,
} from '../../../shared/schemas/series';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../lib/api-client';
import { apiPaths } from './api-paths';
import { multipart } from './multipart';

export const seriesKeys = {
  all: ['series'] as const,
  list: () => [...seriesKeys.all, 'list'] as const,
  detail: (seriesId: string) => [...seriesKeys.all, 'detail', seriesId] as const,
};

export const seriesListQuery = () =>
  queryOptions({ queryKey: seriesKeys.list(), queryFn: ({ signal }) => getSeriesList(signal) });

export const seriesQuery = (seriesId: string) =>
  queryOptions({
    queryKey: seriesKeys.detail(seriesId),
    queryFn: ({ signal }) => getSeries(seriesId, signal),
  });

/** GET /api/series: every series of the author, each with its volumes in place order. */
export async function getSeriesList(signal?: AbortSignal): Promise<Series[]> {
  return SeriesListSchema.parse(await api.get(apiPaths.seriesList, { signal, keepOffline: {} }));
}

/** GET /api/series/{id}: the series with its volumes in place order. */
export async function getSeries(seriesId: string, signal?: AbortSignal): Promise<Series> {
  return SeriesSchema.parse(await api.get(apiPaths.series(seriesId), { signal, keepOffline: {} }));
}

export interface SeriesChanges {
  series_title: string;
  /** Left out, the description stays as it is. */
  series_description?: string;
  /** The volumes in their new order, places from 1; stories left out become standalone. Left out, the volumes stay. */
  stories?: SeriesStoryPlacement[];
  /** A newly chosen image; `null` keeps the current one. */
  image?: File | null;
}

/** PUT /api/series/{id}, multipart: the series fields, the volumes as JSON, the file. */
export async function updateSeries(seriesId: string, changes: SeriesChanges): Promise<Series> {
  const { image = null, stories, ...fields } = changes;
  const form = multipart(
    { ...fields, stories: stories === undefined ? undefined : JSON.stringify(stories) },
    image,
  );
  return SeriesSchema.parse(await api.put(apiPaths.series(seriesId), form));
}

/** PUT /api/series/{seriesId}/story/{storyId}: the story becomes standalone; answers the updated series. */
export async function removeStoryFromSeries(seriesId: string, storyId: string): Promise<Series> {
  return SeriesSchema.parse(await api.put(apiPaths.seriesStory(seriesId, storyId)));
}

/** DELETE /api/series/{id}: its volumes become standalone stories. Spec §7: a 501 counts as success. */
export async function deleteSeries(seriesId: string): Promise<void> {
  try {
    await api.delete(apiPaths.series(seriesId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 501) return;
    throw error;
  }
}
