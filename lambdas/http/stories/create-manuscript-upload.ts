import { ManuscriptUploadRequestSchema } from '../../../shared/schemas/manuscript-upload';
import { createManuscriptUpload } from '../../domain/import/manuscript-uploads';
import { httpRoute } from '../../middleware/http-route';
import { json } from '../../middleware/responses';

/**
 * POST /api/stories/import/uploads `{ file_name, size }`: 201 with a presigned upload for the manuscript
 * (issue 14 §1's large-file path); a file the import would refuse by its name or size is refused here already.
 */
export const handler = httpRoute({
  auth: 'required',
  body: ManuscriptUploadRequestSchema,
  async handle({ body, userId, ports }) {
    return json(201, await createManuscriptUpload(ports, userId, body));
  },
});
