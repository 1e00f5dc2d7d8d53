import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebApp } from '../../local/static-files';

const script = `export const chapters = [${Array.from({ length: 400 }, (_, index) => `'Chapter ${index}'`).join(', ')}];`;

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode the answer). */
function get(
  server: Server,
  pathname: string,
  headers: Record<string, string>,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ port, path: pathname, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('serveWebApp', () => {
  let webRoot: string;
  let server: Server;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'loreweaver-static-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'assets', 'app.js'), script);
    writeFileSync(path.join(webRoot, 'assets', 'tiny.js'), 'export {};');
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Loreweaver</title>');
    server = createServer((incoming, response) => {
      void serveWebApp(webRoot, incoming.url!, response, incoming.headers['accept-encoding']);
    });
    await new Promise<void>((resolve) => server.listen(0, resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers Brotli when the browser accepts it, as CloudFront does', async () => {
    const { headers, body } = await get(server, '/assets/app.js', { 'accept-encoding': 'gzip, deflate, br' });

    expect(headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('answers gzip to a browser that takes gzip only', async () => {
    const { headers, body } = await get(server, '/assets/app.js', { 'accept-encoding': 'gzip' });

    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['content-length']).toBe(String(body.length));
    expect(gunzipSync(body).toString()).toBe(script);
  });

  it('answers the file as it is without an Accept-Encoding, and leaves small files uncompressed', async () => {
    const plain = await get(server, '/assets/app.js', {});
    const small = await get(server, '/assets/tiny.js', { 'accept-encoding': 'br' });

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('export {};');
  });
});
