import { removeStoryFromSeries } from '../../domain/series/remove-story-from-series';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { SeriesStoryPathSchema } from '../path-parameters';

/** PUT /api/series/{seriesId}/story/{storyId}: the story becomes standalone; answers the updated series. */
export const handler = httpRoute({
  auth: 'required',
  params: SeriesStoryPathSchema,
  async handle({ params, userId, ports }) {
    return ok(await removeStoryFromSeries(ports, userId, params.seriesId, params.storyId));
  },
});
