import { ExportJobPathSchema } from '../../../shared/schemas/export';
import { getExport } from '../../domain/export/export-story';
import { httpRoute } from '../../middleware/http-route';
import { json, ok } from '../../middleware/responses';

/** GET /api/stories/{storyId}/export/{jobId}: `{ url }` once done, 202 `{ job_id }` while running. */
export const handler = httpRoute({
  auth: 'required',
  params: ExportJobPathSchema,
  async handle({ params, userId, ports }) {
    const answer = await getExport(ports, userId, params.storyId, params.jobId);
    return 'url' in answer ? ok(answer) : json(202, answer);
  },
});
