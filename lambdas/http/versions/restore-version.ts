import { restoreVersion } from '../../domain/versions/chapter-versions';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { VersionPathSchema } from '../path-parameters';

/**
 * POST /api/stories/{storyId}/chapters/{chapterId}/versions/{versionId}/restore: the chapter becomes the
 * version (after a version of what it was); answers the restored content as the content read does.
 */
export const handler = httpRoute({
  auth: 'required',
  params: VersionPathSchema,
  async handle({ params, userId, ports }) {
    const { versionId, ...chapter } = params;
    return ok(await restoreVersion(ports, { userId, ...chapter }, versionId));
  },
});
