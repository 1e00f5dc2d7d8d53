/**
 * The page's first script, run while the app's code downloads (issue 26 §3): it starts the reads the address
 * will need, so on a phone they arrive with the code rather than after it; on a chapter's address it draws the
 * chapter's opening in the page's frame, and on the story list it loads the first covers. The app takes the reads through the api-client (`lib/early-reads.ts`);
 * a read not taken is forgotten. The frame goes for good as the app first draws, so a page that later shows
 * nothing for a moment never shows the frame again.
 */
import { openOfflineDatabase } from '../lib/offline/offline-database';
import { startEarlyReads } from './start-early-reads';

const root = document.getElementById('root');
const frame = document.getElementById('app-frame') ?? undefined;
if (root && frame) {
  const removeOnceDrawn = () => {
    if (root.childElementCount === 0) return;
    frame.remove();
    observer.disconnect();
  };
  const observer = new MutationObserver(removeOnceDrawn);
  observer.observe(root, { childList: true });
  // The app's code may have run first, from the browser's cache.
  removeOnceDrawn();
}

try {
  startEarlyReads({
    address: window.location,
    storage: window.localStorage,
    frame,
    openDatabase: openOfflineDatabase,
    loadImage: (url) => {
      const image = new Image();
      image.fetchPriority = 'high';
      image.src = url;
    },
  });
} catch {
  // Storage refused (a private window may throw on reaching it): the app reads as its code arrives.
}
