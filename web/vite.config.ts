import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { API_PATH_PREFIXES, IMAGES_PREFIX } from '../lambdas/path-prefixes';
import { APP_ICONS, appIcons } from './app-icons';
import { earlyScript } from './early-script';
import { installableApp } from './installable-app';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Paths served by the backend (the local runtime on :3000 in development), never by the single-page app: the
 * API's prefixes, stored images, and the embedded sign-in issuer.
 */
const BACKEND_PREFIXES = [...API_PATH_PREFIXES, IMAGES_PREFIX, '/oidc'];
const BACKEND_ORIGIN = 'http://localhost:3000';

const toBackend: ProxyOptions = {
  target: BACKEND_ORIGIN,
  configure: (proxy) => {
    // The backend refuses state-changing calls whose Origin is not its own (cross-site protection). In
    // development the page comes from Vite's port, so the proxy vouches for it as the app's origin.
    proxy.on('proxyReq', (proxyRequest) => {
      if (proxyRequest.getHeader('origin') !== undefined) proxyRequest.setHeader('origin', BACKEND_ORIGIN);
    });
  },
};

/** The light theme's page colour (theme.ts): the installed app's splash screen and title bar. */
const LIGHT_BACKGROUND = '#f7f3ec';

/** Issue 26 §1: the installable app, its manifest and the service worker of `service-worker/`. */
const installable = installableApp({
  serviceWorker: fileURLToPath(new URL('service-worker/service-worker.ts', import.meta.url)),
  manifest: {
    name: 'Loreweaver',
    short_name: 'Loreweaver',
    description: 'Write and organise long-form fiction.',
    lang: 'en',
    start_url: '/stories',
    scope: '/',
    display: 'standalone',
    background_color: LIGHT_BACKGROUND,
    theme_color: LIGHT_BACKGROUND,
    icons: [...APP_ICONS],
  },
});

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    appIcons(fileURLToPath(new URL('public/favicon.svg', import.meta.url))),
    earlyScript(fileURLToPath(new URL('src/boot/early-reads.ts', import.meta.url))),
    installable,
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change rarely: a chunk of their own stays cached across app releases.
          // Component libraries are left to automatic splitting so lazy pages keep their own parts.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            // Zod with the module that configures it: every chunk that builds a schema imports this one, so the
            // configuration holds before any schema is built (zod decides at construction whether it may
            // compile with `new Function`, which the Content-Security-Policy refuses and reports).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]web[\\/]src[\\/]zod-config\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(BACKEND_PREFIXES.map((prefix) => [prefix, toBackend])),
  },
});
