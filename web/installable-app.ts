import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** What the service worker precaches: the app's shell, every script, style, page and icon of the build. */
const PRECACHED = /\.(js|css|html|svg|png)$/;
/** Vite names these by their content: the name is their revision. */
const HASHED_ASSETS = 'assets/';
const SERVICE_WORKER_FILE = 'service-worker.js';
const MANIFEST_FILE = 'manifest.webmanifest';

async function filesUnder(root: string, folder = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const file = path.posix.join(folder, entry.name);
      return entry.isDirectory() ? filesUnder(root, file) : [file];
    }),
  );
  return nested.flat();
}

/** Workbox's precache list: each file by URL, with a revision where its name does not change with it. */
async function precacheList(outDir: string): Promise<{ url: string; revision: string | null }[]> {
  const files = (await filesUnder(outDir)).filter(
    (file) => PRECACHED.test(file) && file !== SERVICE_WORKER_FILE,
  );
  return Promise.all(
    files.sort().map(async (url) => ({
      url,
      revision: url.startsWith(HASHED_ASSETS)
        ? null
        : createHash('md5')
            .update(await readFile(path.join(outDir, url)))
            .digest('hex'),
    })),
  );
}

/**
 * Issue 26 §1, the installable app: the web app manifest (linked from index.html) and the service worker of
 * `service-worker/`, bundled with esbuild once the build is written, the list of the build's files to precache
 * written into it where Workbox's `precacheAndRoute(self.__WB_MANIFEST)` reads it — what Workbox's own build
 * tools do, without the Babel and Rollup they install (half a minute of every clean install).
 */
export function installableApp(options: {
  manifest: Record<string, unknown>;
  serviceWorker: string;
}): Plugin {
  let outDir = '';
  return {
    name: 'loreweaver-installable-app',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: `/${MANIFEST_FILE}` }, injectTo: 'head' },
    ],
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: JSON.stringify(options.manifest) });
    },
    async closeBundle() {
      await build({
        entryPoints: [options.serviceWorker],
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2022',
        outfile: path.join(outDir, SERVICE_WORKER_FILE),
        define: {
          'self.__WB_MANIFEST': JSON.stringify(await precacheList(outDir)),
          // Workbox's development logging is left out, as its own build tools do.
          'process.env.NODE_ENV': '"production"',
        },
        logLevel: 'warning',
      });
    },
  };
}
