/**
 * The app's service worker (issue 26 §1), built by `web/installable-app.ts` (esbuild): Workbox precaches the
 * app shell, every script, style and icon of the build, so the app opens with the network off.
 *
 * A page is asked of the network first, for 4 s at most: online the author always gets the app that matches the
 * deployed API, and only offline (or on a connection that does not answer) the precached shell, never a page
 * kept from an earlier visit whose scripts a newer precache may no longer hold. A new worker waits until the
 * page asks it to take over ('A new version is ready — Reload'). Stored images are kept as they are shown.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/** What the page posts when the author chooses to reload into the new version. */
const SKIP_WAITING = 'SKIP_WAITING';
const PAGE_TIMEOUT_SECONDS = 4;
const IMAGE_DAYS = 30;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const fromNetwork = new NetworkOnly({ networkTimeoutSeconds: PAGE_TIMEOUT_SECONDS });
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await fromNetwork.handle(options);
    } catch {
      return (await matchPrecache('index.html')) ?? Response.error();
    }
  }),
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/images/'),
  new CacheFirst({
    cacheName: 'images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: IMAGE_DAYS * 24 * 60 * 60 }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
