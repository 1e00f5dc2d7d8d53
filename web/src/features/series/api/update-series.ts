import type { Series } from '../../../../../shared/schemas/series';
import { api } from '../../../lib/api-client';

export interface SeriesChanges {
  title: string;
  description: string;
  /** The volumes in their new order; stories left out become standalone. */
  storyIds: string[];
  /** A newly chosen image; `null` keeps the current one. */
  image: File | null;
}

/** PUT /api/series/{id}, multipart: the series fields, the volumes as JSON with places from 1, the file. */
export function updateSeries(seriesId: string, changes: SeriesChanges): Promise<Series> {
  const form = new FormData();
  form.set('series_title', changes.title);
  form.set('series_description', changes.description);
  form.set(
    'stories',
    JSON.stringify(changes.storyIds.map((storyId, index) => ({ story_id: storyId, place: index + 1 }))),
  );
  if (changes.image) form.set('file', changes.image);
  return api.put<Series>(`/api/series/${encodeURIComponent(seriesId)}`, form);
}
