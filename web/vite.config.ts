import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** Paths served by the backend (the local runtime on :3000 in development), never by the single-page app. */
const BACKEND_PREFIXES = ['/api', '/auth', '/billing', '/oidc', '/images'];
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

export default defineConfig({
  root: webRoot,
  plugins: [react()],
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
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(BACKEND_PREFIXES.map((prefix) => [prefix, toBackend])),
  },
});
