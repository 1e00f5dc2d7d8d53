import { VersionQuerySchema } from '../../../shared/schemas/versions';
import { getVersion } from '../../domain/versions/chapter-versions';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { VersionPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/chapters/{chapterId}/versions/{versionId}?cursor=: a page of the version. */
export const handler = httpRoute({
  auth: 'required',
  params: VersionPathSchema,
  query: VersionQuerySchema,
  async handle({ params, query, userId, ports }) {
    const { versionId, ...chapter } = params;
    return ok(await getVersion(ports, { userId, ...chapter }, versionId, query.cursor));
  },
});
