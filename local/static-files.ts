import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
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

/**
 * Serves the Vite build like CloudFront does: files by path (hashed assets cached for a year), and
 * index.html for every other path so the browser router can take it.
 */
export async function serveWebApp(
  webRoot: string,
  pathname: string,
  response: ServerResponse,
): Promise<void> {
  const root = path.resolve(webRoot);
  const requested = path.resolve(root, `.${decodeURIComponent(pathname)}`);
  const insideRoot = requested === root || requested.startsWith(`${root}${path.sep}`);
  const file = insideRoot && (await isFile(requested)) ? requested : path.join(root, 'index.html');
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('The web app has not been built yet: run `npm run build:web` (npm start does it for you).');
    return;
  }
  const immutable = file.includes(`${path.sep}assets${path.sep}`);
  response.writeHead(200, {
    'content-type': contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': String(body.length),
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  response.end(body);
}

async function isFile(file: string) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
