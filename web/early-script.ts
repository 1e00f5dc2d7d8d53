import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Issue 26 §3: a script of the app's own run before the app's code has downloaded — its own entry, linked from
 * index.html as an async module so it runs as soon as it arrives, whatever the app's bundle still waits for.
 * (Two module scripts in index.html would be merged into one entry by Vite, and wait for all of it.)
 */
/** index.html's `<meta charset>`, which must stay in the page's first 1,024 bytes. */
const CHARACTER_SET = /<meta charset="[^"]*" \/>/;

export function earlyScript(entry: string): Plugin {
  const name = path.basename(entry, path.extname(entry));
  let root = '';
  return {
    name: 'loreweaver-early-script',
    config: () => ({
      build: { rolldownOptions: { input: { index: 'index.html', [name]: entry } } },
    }),
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const built = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === name,
        );
        // In development Vite serves the source module itself.
        const src = built?.type === 'chunk' ? `/${built.fileName}` : `/${path.relative(root, entry)}`;
        // First in the page after its character set, its imports asked for with it: over HTTP/1.1 (the embedded
        // runtime) a browser opens six connections to a host, and the app's two dozen files would go first.
        const imports = built?.type === 'chunk' ? built.imports : [];
        const tags = [
          `<script type="module" async crossorigin src="${src}"></script>`,
          ...imports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
        ];
        if (!CHARACTER_SET.test(html)) throw new Error('index.html must declare its character set first.');
        return html.replace(CHARACTER_SET, (charset) => [charset, ...tags].join('\n    '));
      },
    },
  };
}
