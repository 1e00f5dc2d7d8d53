import type { Series } from '../../../../shared/schemas/series';
import type { SeriesAssignment } from './types';

/** Letter case aside, as the server compares series titles: 'the expanse' names 'The Expanse'. */
function sameTitle(first: string, second: string): boolean {
  return first.localeCompare(second, undefined, { sensitivity: 'accent' }) === 0;
}

/**
 * What the text of the 'Assign to Series (optional)' field means: nothing is a standalone story, the
 * title of one of the author's series is that series, and any other name is a new series.
 */
export function seriesAssignmentFor(seriesName: string, seriesList: Series[]): SeriesAssignment {
  const title = seriesName.trim();
  if (title === '') return { kind: 'standalone' };
  const existing = seriesList.find((series) => sameTitle(series.series_title, title));
  return existing
    ? { kind: 'existing', seriesId: existing.series_id, title: existing.series_title }
    : { kind: 'new', title };
}
