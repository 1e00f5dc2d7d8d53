import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type middy from '@middy/core';
import type { HttpResult } from './responses';
import type { RouteContext, RouteEvent } from './route-event';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this a compressed answer saves less than the header and the work cost. */
export const MIN_COMPRESSED_BYTES = 1024;
/** Brotli's quality 5: most of quality 11's saving on JSON at a small part of its time (as for the app's files). */
const BROTLI_QUALITY = 5;

/** The encoding to answer in: Brotli when the caller takes it, else gzip, else none (`q=0` refuses one). */
export function chosenEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

function isText(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^(application\/json|text\/)/i.test(contentType);
}

/**
 * Compresses a text answer (JSON, mostly a chapter's content) for a caller that accepts it, as a base64 body
 * with its Content-Encoding, which API Gateway passes on as bytes. CloudFront compresses only what it caches,
 * and the API's answers are never cached: uncompressed, a 10,000-word chapter crossed a phone's network at
 * 215 KB instead of about 20 (issue 26 §3). It also keeps a large answer inside Lambda's 6 MB response limit.
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
      const compressed =
        encoding === 'br'
          ? await brotli(response.body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
          : await gzipped(response.body);
      request.response = {
        ...response,
        headers: {
          ...headers,
          'content-encoding': encoding,
          vary: headers.vary ? `${String(headers.vary)}, accept-encoding` : 'accept-encoding',
        },
        body: compressed.toString('base64'),
        isBase64Encoded: true,
      };
    },
  };
}
