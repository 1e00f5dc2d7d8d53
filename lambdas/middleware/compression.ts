import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type middy from '@middy/core';
import type { HttpResult } from './responses';
import type { RouteContext, RouteEvent } from './route-event';

const brotliCompressed = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** CloudFront leaves smaller answers as they are: compressing them saves less than the header and the work. */
export const MIN_COMPRESSED_BYTES = 1_000;

/**
 * Brotli at quality 5, as a CDN compresses on the fly: within a few per cent of gzip -9's size or better, in
 * milliseconds. Node's default (11) took ≈ 1 s for the app's first files, and a page waited for it.
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** The encoding to answer in, as CloudFront chooses: Brotli when the caller takes it, else gzip, else none. */
export function chosenEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      // `q=0` refuses an encoding.
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** The body compressed in `encoding`, off the event loop. */
export function compressed(body: string | Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotliCompressed(body, BROTLI_OPTIONS) : gzipped(body);
}

function isText(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^(application\/json|text\/)/i.test(contentType);
}

/**
 * Compresses a text answer (JSON, mostly a chapter's content) for a caller that accepts it, as a base64 body
 * with its Content-Encoding, which API Gateway passes on as bytes: uncompressed, a 10,000-word chapter crossed a
 * phone's network at 215 KB instead of about 3 (issue 26 §3). It also keeps a large answer inside Lambda's 6 MB response limit.
 */
export function compressResponse(): middy.MiddlewareObj<RouteEvent, HttpResult, Error, RouteContext> {
  return {
    after: async (request) => {
      const { response } = request;
      if (!response || typeof response.body !== 'string' || response.isBase64Encoded) return;
      const headers = response.headers ?? {};
      if (headers['content-encoding'] !== undefined || !isText(headers['content-type'])) return;
      if (Buffer.byteLength(response.body) < MIN_COMPRESSED_BYTES) return;
      const encoding = chosenEncoding(request.event.headers?.['accept-encoding']);
      if (!encoding) return;
      request.response = {
        ...response,
        headers: {
          ...headers,
          'content-encoding': encoding,
          vary: headers.vary ? `${String(headers.vary)}, accept-encoding` : 'accept-encoding',
        },
        body: (await compressed(response.body, encoding)).toString('base64'),
        isBase64Encoded: true,
      };
    },
  };
}
