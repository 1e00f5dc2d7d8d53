import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** The brand's blue, the favicon's own background: a maskable icon's safe-zone margin is filled with it. */
const ICON_BACKGROUND = '#2f4a5e';

/** The app's icons as the manifest and iOS ask for them, each drawn from the favicon's artwork. */
export const APP_ICONS = [
  { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;
export const APPLE_TOUCH_ICON = 'icons/apple-touch-icon.png';

async function rendered(svg: Buffer, size: number): Promise<Buffer> {
  return sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toBuffer();
}

/**
 * A maskable icon keeps its artwork inside the centre 80 % (the launcher may crop to a circle): the favicon drawn
 * at that size on a full square of its own background colour.
 */
async function maskable(svg: Buffer, size: number): Promise<Buffer> {
  const artwork = await rendered(svg, Math.round(size * 0.8));
  return sharp({ create: { width: size, height: size, channels: 4, background: ICON_BACKGROUND } })
    .composite([{ input: artwork, gravity: 'centre' }])
    .png()
    .toBuffer();
}

/**
 * Issue 26 §1: the installable app's icons, rendered from `public/favicon.svg` at build time (sharp, already the
 * image pipeline's), so there is one artwork and no binary copies of it in the repository.
 */
export function appIcons(faviconPath: string): Plugin {
  return {
    name: 'loreweaver-app-icons',
    apply: 'build',
    async generateBundle() {
      const svg = await readFile(faviconPath);
      const files: [string, Buffer][] = [
        ['icons/icon-192.png', await rendered(svg, 192)],
        ['icons/icon-512.png', await rendered(svg, 512)],
        ['icons/icon-maskable-512.png', await maskable(svg, 512)],
        [APPLE_TOUCH_ICON, await maskable(svg, 180)],
      ];
      for (const [fileName, source] of files) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
