import { ExportQuerySchema, ExportRequestSchema } from '../../../shared/schemas/export';
import { exportStory } from '../../domain/export/export-story';
import { httpRoute } from '../../middleware/http-route';
import { json, ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/**
 * PUT /api/stories/{storyId}/export?type=pdf|docx|epub: `{ url }` once the file is made, or 202 `{ job_id }`
 * when the worker is still at it after the wait. The body's HTML is ignored; only its `layout`, `stages` and
 * (for DOCX) `include_comments` and `include_suggestions` are read.
 */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  query: ExportQuerySchema,
  body: ExportRequestSchema.optional(),
  async handle({ params, query, body, userId, ports }) {
    const answer = await exportStory(ports, userId, params.storyId, {
      type: query.type,
      layout: body?.layout ?? 'manuscript',
      stages: body?.stages,
      // Only a Word file carries comments and tracked changes; the message says so only when asked.
      ...(query.type === 'docx' && body?.include_comments ? { include_comments: true } : {}),
      ...(query.type === 'docx' && body?.include_suggestions ? { include_suggestions: true } : {}),
    });
    return 'url' in answer ? ok(answer) : json(202, answer);
  },
});
