import * as z from 'zod';
import { IdSchema, singleLineText } from './common';
import { type ImportStoryForm, importStoryFields, placeOnlyInSeries } from './story';

/**
 * The large-file path of a manuscript import (issue 14 §1): the browser asks for an upload, sends the file
 * straight to storage with the presigned request it is answered, then starts the import from the upload.
 * API Gateway hands Lambda at most 6 MB, base64-encoded, so multipart bodies above about 4.4 MB never reach
 * the import handler in AWS; this path carries manuscripts up to the import's limit there and here alike.
 */

/** How long a presigned upload may be used: time enough to send 15 MB over a slow line. */
export const MANUSCRIPT_UPLOAD_EXPIRY_SECONDS = 15 * 60;

const FILE_NAME_MAX_LENGTH = 255;

/** A file's name as the browser reports it; only its extension is read, and the title may come from it. */
const ManuscriptFileNameSchema = singleLineText()
  .trim()
  .min(1, 'The file needs a name.')
  .max(FILE_NAME_MAX_LENGTH, `A file name may be at most ${FILE_NAME_MAX_LENGTH} characters.`);

/**
 * POST /api/stories/import/uploads. `size` is what the browser says the file holds; the upload is signed for
 * exactly that many bytes, and the import checks the stored object again whatever was said. Sizes above the
 * limit are read here so they are refused with the import's own 413 and message.
 */
export const ManuscriptUploadRequestSchema = z.object({
  file_name: ManuscriptFileNameSchema,
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type ManuscriptUploadRequest = z.infer<typeof ManuscriptUploadRequestSchema>;

/**
 * The answer: send the file's bytes, exactly `size` of them, with `upload_method` to `upload_url` (no
 * credentials: the link is the permission); it works until `expires_at` (ISO 8601).
 */
export const ManuscriptUploadSchema = z.object({
  upload_id: IdSchema,
  upload_url: z.url(),
  upload_method: z.literal('PUT'),
  expires_at: z.string(),
});
export type ManuscriptUpload = z.infer<typeof ManuscriptUploadSchema>;

/** POST /api/stories/import/uploads/{uploadId}: the path names the upload. */
export const ManuscriptUploadParamsSchema = z.object({ uploadId: IdSchema });

/**
 * POST /api/stories/import/uploads/{uploadId}, JSON: the file's name (its extension says how to read it; a
 * blank title is made from it) and the story fields of the multipart import, with the same rules.
 */
export const ImportUploadedManuscriptSchema = z
  .object({ ...importStoryFields, file_name: ManuscriptFileNameSchema })
  .transform(placeOnlyInSeries);
/** What a client sends (the schema's input type is `unknown` for the preprocessed fields). */
export type ImportUploadedManuscript = ImportStoryForm & { file_name: string };
