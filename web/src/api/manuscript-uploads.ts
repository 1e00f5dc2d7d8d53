/**
 * A manuscript import (issue 14 §1) the way the app sends every one: the file goes straight to storage with a
 * presigned link, and the import starts from there. API Gateway hands Lambda at most 6 MB, base64-encoded, so
 * a multipart upload stops working in AWS above about 4.4 MB; one path for every size means the path every
 * author takes is the one the browser tests take. (`POST /api/stories/import`, multipart, stays for API
 * clients.)
 */
import {
  type ImportUploadedManuscript,
  type ManuscriptUpload,
  ManuscriptUploadSchema,
} from '../../../shared/schemas/manuscript-upload';
import { type ImportStoryForm, type Story, StorySchema } from '../../../shared/schemas/story';
import { api, ApiError } from '../lib/api-client';
import { trackPending } from '../lib/pending-requests';
import { apiPaths } from './api-paths';

const UPLOAD_FAILED_MESSAGE = 'The manuscript could not be uploaded. Check the connection and try again.';

/** POST /api/stories/import/uploads: a link to send a file of this name and size to, refused as the import would. */
export async function requestManuscriptUpload(file: File): Promise<ManuscriptUpload> {
  return ManuscriptUploadSchema.parse(
    await api.post(apiPaths.manuscriptUploads, { file_name: file.name, size: file.size }),
  );
}

/**
 * Sends the file's bytes with the presigned request. The link is the permission: no cookies go to storage.
 * Storage answers in its own XML, so a refusal is reported as an upload failure with its status.
 */
async function sendToStorage(upload: ManuscriptUpload, file: File): Promise<void> {
  let response: Response;
  try {
    response = await fetch(upload.upload_url, {
      method: upload.upload_method,
      body: file,
      credentials: 'omit',
    });
  } catch {
    throw new ApiError(0, 'upload_failed', UPLOAD_FAILED_MESSAGE);
  }
  if (!response.ok) throw new ApiError(response.status, 'upload_failed', UPLOAD_FAILED_MESSAGE);
}

/** POST /api/stories/import/uploads/{uploadId}: 202 with the new story, marked as importing. */
export async function importUploadedManuscript(
  uploadId: string,
  fields: ImportUploadedManuscript,
): Promise<Story> {
  return StorySchema.parse(await api.post(apiPaths.manuscriptUpload(uploadId), fields));
}

/** The three steps of an import: an upload link, the file sent to storage, the import started from it. */
export async function importManuscript(fields: ImportStoryForm, manuscript: File): Promise<Story> {
  const upload = await requestManuscriptUpload(manuscript);
  await trackPending(sendToStorage(upload, manuscript));
  return importUploadedManuscript(upload.upload_id, { ...fields, file_name: manuscript.name });
}
