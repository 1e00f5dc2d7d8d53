import {
  ImportUploadedManuscriptSchema,
  ManuscriptUploadParamsSchema,
} from '../../../shared/schemas/manuscript-upload';
import { importUploadedManuscript } from '../../domain/import/import-uploaded-manuscript';
import { httpRoute } from '../../middleware/http-route';
import { json } from '../../middleware/responses';
import { seriesChoiceOf } from './story-form';

/**
 * POST /api/stories/import/uploads/{uploadId} `{ file_name, title?, description?, series_id?, series_title?,
 * series_place? }`: imports the manuscript uploaded under that id, answering as the multipart import does (202
 * with the new story); 404 when the caller has no such upload.
 */
export const handler = httpRoute({
  auth: 'required',
  params: ManuscriptUploadParamsSchema,
  body: ImportUploadedManuscriptSchema,
  async handle({ params, body, userId, ports }) {
    const series = seriesChoiceOf(body);
    const story = await importUploadedManuscript(ports, userId, params.uploadId, {
      fileName: body.file_name,
      ...(body.title ? { title: body.title } : {}),
      ...(body.description ? { description: body.description } : {}),
      series: series.kind === 'unchanged' ? { kind: 'standalone' } : series,
    });
    return json(202, story);
  },
});
