/**
 * The page's first script, run while the app's code downloads (issue 26 §3): it starts the reads the address
 * will need, so on a phone they arrive with the code rather than after it, and draws in the page's frame the story
 * list (its covers and titles) or a chapter's opening. The app takes the reads through the api-client (`lib/early-reads.ts`);
 * a read not taken is forgotten. The frame goes for good as the app first draws, so a page that later shows
 * nothing for a moment never shows the frame again.
 */
import { openOfflineDatabase } from '../lib/offline/offline-database';
import { startEarlyReads } from './start-early-reads';

/**
 * The page's frame, once the page is parsed: this script runs as soon as it arrives, often before the body has
 * been read. Parsed means `interactive`, which comes before the app's own (deferred) scripts run, not
 * DOMContentLoaded, which waits for them. The frame goes as the app first draws.
 */
const frame = new Promise<HTMLElement | undefined>((resolve) => {
  const findFrame = () => {
    const root = document.getElementById('root');
    const found = document.getElementById('app-frame') ?? undefined;
    if (root && found) {
      const removeOnceDrawn = () => {
        if (root.childElementCount === 0) return;
        found.remove();
        observer.disconnect();
      };
      const observer = new MutationObserver(removeOnceDrawn);
      observer.observe(root, { childList: true });
      // The app's code may have run first, from the browser's cache.
      removeOnceDrawn();
    }
    resolve(found);
  };
  if (document.readyState !== 'loading') findFrame();
  else {
    document.addEventListener('readystatechange', findFrame, { once: true });
  }
});

try {
  startEarlyReads({
    address: window.location,
    storage: window.localStorage,
    frame,
    openDatabase: openOfflineDatabase,
  });
} catch {
  // Storage refused (a private window may throw on reaching it): the app reads as its code arrives.
}
