import type { ManuscriptUpload } from '../../shared/schemas/manuscript-upload';
import type { TestBrowser } from './embedded-runtime';

/**
 * The browser's side of issue 14 §1's large-file path, on the embedded runtime: ask for an upload of
 * `declaredSize` bytes (the file's own size unless a test lies about it), then PUT the bytes to the S3
 * stand-in with the presigned link, as the web app does. Answers the upload the server handed out.
 */
export async function uploadManuscript(
  browser: TestBrowser,
  file: { bytes: Uint8Array; name: string },
  declaredSize = file.bytes.byteLength,
): Promise<ManuscriptUpload> {
  const asked = await browser.sendJson('POST', '/api/stories/import/uploads', {
    file_name: file.name,
    size: declaredSize,
  });
  if (asked.status !== 201) throw new Error(`No upload: ${asked.status} ${await asked.text()}`);
  const upload = (await asked.json()) as ManuscriptUpload;
  const stored = await fetch(upload.upload_url, {
    method: upload.upload_method,
    body: new Uint8Array(file.bytes),
  });
  if (!stored.ok) throw new Error(`The upload was refused: ${stored.status} ${await stored.text()}`);
  return upload;
}

/** Starts the import of an upload, with the story fields of the multipart import. */
export function importUpload(
  browser: TestBrowser,
  uploadId: string,
  fields: Record<string, string> & { file_name: string },
): Promise<Response> {
  return browser.sendJson('POST', `/api/stories/import/uploads/${uploadId}`, fields);
}
