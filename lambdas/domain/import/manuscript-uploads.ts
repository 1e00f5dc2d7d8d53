import { randomUUID } from 'node:crypto';
import {
  MANUSCRIPT_UPLOAD_EXPIRY_SECONDS,
  type ManuscriptUpload,
  type ManuscriptUploadRequest,
} from '../../../shared/schemas/manuscript-upload';
import type { DomainPorts } from '../ports';
import { checkManuscriptNameAndSize } from './manuscript-file';

/** The ports these operations use. */
export type ManuscriptUploadsPorts = Pick<DomainPorts, 'repositories' | 'blobs' | 'now'>;

/**
 * Manuscripts sent straight to storage (issue 14 §1's large-file path). An upload's key is made from the
 * author's id and a random upload id, so an upload id names an object only under its own author's prefix:
 * another author asking for it looks under theirs and finds nothing (404). Nothing is stored in the table.
 * The import from an upload is a module of its own (`import-uploaded-manuscript.ts`): the route handing out
 * links then bundles none of the import, nor the fonts that draw its cover.
 */
export const UPLOADS_BUCKET = 'uploads';

export const UPLOAD_NOT_FOUND_MESSAGE =
  'This upload was not found. Choose the manuscript and import it again.';

export function manuscriptUploadKey(userId: string, uploadId: string): string {
  return `manuscripts/${userId}/${uploadId}`;
}

/**
 * POST /api/stories/import/uploads: refuses what the name and size already show (the import's statuses and
 * messages), then a link that stores exactly `size` bytes under a new upload id, for a quarter of an hour.
 */
export async function createManuscriptUpload(
  ports: ManuscriptUploadsPorts,
  userId: string,
  request: ManuscriptUploadRequest,
): Promise<ManuscriptUpload> {
  checkManuscriptNameAndSize(request.file_name, request.size);
  const uploadId = randomUUID();
  const url = await ports.blobs.signedUploadUrl(
    UPLOADS_BUCKET,
    manuscriptUploadKey(userId, uploadId),
    request.size,
    MANUSCRIPT_UPLOAD_EXPIRY_SECONDS,
  );
  return {
    upload_id: uploadId,
    upload_url: url,
    upload_method: 'PUT',
    expires_at: new Date(ports.now().getTime() + MANUSCRIPT_UPLOAD_EXPIRY_SECONDS * 1000).toISOString(),
  };
}
