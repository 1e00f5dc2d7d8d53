import busboy from 'busboy';
import type { z } from 'zod';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors';
import { rawBody } from './http-route';
import type { RouteEvent } from './route-event';

/** Multipart form bodies (story and series forms, image uploads), parsed by busboy with firm limits. */

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  /** The part named `file`; absent when none was sent or it was empty (a form with no file chosen). */
  file?: UploadedFile;
}

export interface MultipartLimits {
  maxFileBytes: number;
  /** What a larger file is refused with; by default a message naming the limit in bytes. */
  fileTooLargeMessage?: string;
  /** Larger values (a series' story list) are refused rather than cut. */
  maxFieldBytes?: number;
  maxFields?: number;
}

const FILE_FIELD = 'file';

export function parseMultipartForm(event: RouteEvent, limits: MultipartLimits): Promise<MultipartForm> {
  const contentType = event.headers?.['content-type'] ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    return Promise.reject(new UnsupportedMediaTypeError('The request body must be multipart/form-data.'));
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: {
          // One byte over the limit tells a file at the limit from a larger one.
          fileSize: limits.maxFileBytes + 1,
          files: 1,
          fields: limits.maxFields ?? 20,
          fieldSize: limits.maxFieldBytes ?? 256 * 1024,
          parts: (limits.maxFields ?? 20) + 1,
        },
      });
    } catch {
      reject(new ValidationError('The multipart body could not be read.'));
      return;
    }

    const fields: Record<string, string> = {};
    let file: UploadedFile | undefined;
    let failure: Error | undefined;
    const fail = (error: Error) => {
      failure ??= error;
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new PayloadTooLargeError(`The form field ${name} is too large.`));
      else fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      // A body cut short inside a part errors the part's stream as well as the parser; the parser's error
      // answers the request, and an error event nobody listens to would end the process.
      stream.on('error', () => undefined);
      if (name !== FILE_FIELD) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () =>
        fail(
          new PayloadTooLargeError(
            limits.fileTooLargeMessage ?? `File is larger than ${limits.maxFileBytes} bytes`,
          ),
        ),
      );
      // busboy finishes only after every file stream has ended, so the file is complete by then.
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks);
        if (bytes.length > 0) file = { fileName: info.filename ?? '', bytes };
      });
    });
    parser.on('partsLimit', () => fail(new ValidationError('The form has too many parts.')));
    parser.on('fieldsLimit', () => fail(new ValidationError('The form has too many fields.')));
    parser.on('filesLimit', () => fail(new ValidationError('Only one file can be uploaded.')));
    parser.on('error', () => reject(failure ?? new ValidationError('The multipart body could not be read.')));
    parser.on('close', () => {
      if (failure) reject(failure);
      else resolve({ fields, ...(file ? { file } : {}) });
    });
    parser.end(rawBody(event));
  });
}

/** Validates form fields with a shared schema; answers 400 with the rule's message, as JSON bodies do. */
export function parseFormFields<TSchema extends z.ZodType>(
  schema: TSchema,
  fields: Record<string, string>,
): z.output<TSchema> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: ['body', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw new ValidationError(issues[0]?.message ?? 'Invalid form.', issues);
}
