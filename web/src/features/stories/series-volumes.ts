import type { Series, SeriesVolume } from '../../../../shared/schemas/series';

/** A series' stories by their place in it (spec §2: avatars and the side list follow the place order). */
export function volumesInOrder(series: Series): SeriesVolume[] {
  return [...series.stories].sort((first, second) => first.place - second.place);
}
