import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import {
  chosenEncoding,
  compressed,
  MIN_COMPRESSED_BYTES,
  type Encoding,
} from '../lambdas/middleware/compression';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  // pdf.js's worker (the book preview) is a module file under its own name.
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Types CloudFront compresses (among others); images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest']);

/**
 * Compressed bodies by file, encoding and modification time (the build's files rarely change while served),
 * compressed off the event loop and once: a request arriving while a file is being compressed shares the work.
 */
const compressedBodies = new Map<string, Promise<Buffer>>();

function compressedFile(file: string, modified: number, body: Buffer, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding} ${modified} ${file}`;
  let result = compressedBodies.get(key);
  if (!result) {
    result = compressed(body, encoding);
    compressedBodies.set(key, result);
  }
  return result;
}

/**
 * Serves the Vite build like CloudFront does: files by path (hashed assets cached for a year), and
 * index.html for every other path so the browser router can take it; text files compressed when the browser
 * accepts it, so what the page downloads here is what it downloads from CloudFront.
 */
export async function serveWebApp(
  webRoot: string,
  pathname: string,
  response: ServerResponse,
  acceptEncoding?: string,
): Promise<void> {
  const root = path.resolve(webRoot);
  const requested = path.resolve(root, `.${decodeURIComponent(pathname)}`);
  const insideRoot = requested === root || requested.startsWith(`${root}${path.sep}`);
  const file = insideRoot && (await isFile(requested)) ? requested : path.join(root, 'index.html');
  let body: Buffer;
  let modified: number;
  try {
    [body, modified] = await Promise.all([readFile(file), stat(file).then((stats) => stats.mtimeMs)]);
  } catch {
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('The web app has not been built yet: run `npm run build:web` (npm start does it for you).');
    return;
  }
  const immutable = file.includes(`${path.sep}assets${path.sep}`);
  const extension = path.extname(file).toLowerCase();
  const encoding =
    COMPRESSIBLE.has(extension) && body.length >= MIN_COMPRESSED_BYTES
      ? chosenEncoding(acceptEncoding)
      : undefined;
  const sent = encoding ? await compressedFile(file, modified, body, encoding) : body;
  response.writeHead(200, {
    'content-type': contentTypes[extension] ?? 'application/octet-stream',
    'content-length': String(sent.length),
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...(COMPRESSIBLE.has(extension) ? { vary: 'accept-encoding' } : {}),
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  response.end(sent);
}

async function isFile(file: string) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
