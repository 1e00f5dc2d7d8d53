import type { Story } from '../../../shared/schemas/story';
import { NotFoundError } from '../../errors';
import { describeError } from '../../logger';
import { importStory, type ImportStoryPorts, type ManuscriptImportRequest } from './import-story';
import { manuscriptUploadKey, UPLOAD_NOT_FOUND_MESSAGE, UPLOADS_BUCKET } from './manuscript-uploads';

export type UploadedManuscriptImportRequest = Omit<ManuscriptImportRequest, 'file'> & { fileName: string };

/**
 * POST /api/stories/import/uploads/{uploadId}: the stored object goes through the very import the multipart
 * route runs (size, type and content checked on the stored bytes, nothing created when refused). The upload
 * is used once: removed after the import, refused or not; should that removal fail, the bucket's one-day
 * expiry removes it.
 */
export async function importUploadedManuscript(
  ports: ImportStoryPorts,
  userId: string,
  uploadId: string,
  request: UploadedManuscriptImportRequest,
): Promise<Story> {
  const key = manuscriptUploadKey(userId, uploadId);
  const upload = await ports.blobs.get(UPLOADS_BUCKET, key);
  if (!upload) throw new NotFoundError(UPLOAD_NOT_FOUND_MESSAGE);
  const { fileName, ...story } = request;
  try {
    return await importStory(ports, userId, { ...story, file: { fileName, bytes: upload.body } });
  } finally {
    await ports.blobs.delete(UPLOADS_BUCKET, [key]).catch((error: unknown) => {
      ports.logger.warn(
        'an imported upload could not be removed; it expires within a day',
        describeError(error),
      );
    });
  }
}
