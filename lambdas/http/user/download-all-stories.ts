import { DownloadAllRequestSchema } from '../../../shared/schemas/user';
import { downloadAllStories } from '../../domain/download-all/download-all';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';

/** POST /api/user/download: a zip of every story of the author (Markdown and JSON), as a one-hour link. */
export const handler = httpRoute({
  auth: 'required',
  body: DownloadAllRequestSchema,
  async handle({ userId, ports }) {
    return ok(await downloadAllStories(ports, userId));
  },
});
