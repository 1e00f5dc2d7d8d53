import {
  PortraitUploadResponseSchema,
  type AssociationType,
} from '../../../../../shared/schemas/associations';
import { api } from '../../../lib/api-client';
import { associationPaths } from './association-paths';

/**
 * PUT /api/stories/{storyId}/associations/{associationId}/upload?type=…, multipart with the single field
 * `file` (spec §7). Answers the new portrait's URL, whose date parameter defeats caches.
 */
export async function uploadPortrait(
  storyId: string,
  associationId: string,
  type: AssociationType,
  file: File,
): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  const response = await api.put(associationPaths.upload(storyId, associationId), form, { query: { type } });
  return PortraitUploadResponseSchema.parse(response).url;
}
