import { PortraitUploadQuerySchema, type PortraitUploadResponse } from '../../../shared/schemas/associations';
import { IMAGE_MAX_BYTES } from '../../../shared/validation';
import { replacePortrait } from '../../domain/associations/association-portrait';
import { ValidationError } from '../../errors';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { parseMultipartForm } from '../../middleware/multipart';
import { AssociationPathSchema } from '../path-parameters';

/**
 * PUT /api/stories/{storyId}/associations/{associationId}/upload?type={association_type}: multipart with one
 * field `file`, the new portrait. Answers `{ url }`.
 */
export const handler = httpRoute({
  auth: 'required',
  params: AssociationPathSchema,
  query: PortraitUploadQuerySchema,
  async handle({ userId, params, event, ports }) {
    const { file } = await parseMultipartForm(event, { maxFileBytes: IMAGE_MAX_BYTES });
    if (!file) throw new ValidationError("Send the image in the form field 'file'.");
    const url = await replacePortrait(
      ports,
      { userId, storyId: params.storyId },
      params.associationId,
      file.bytes,
    );
    const response: PortraitUploadResponse = { url };
    return ok(response);
  },
});
