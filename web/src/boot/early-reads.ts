/**
 * The page's first script, a few hundred bytes run while the app's code downloads: it starts the reads the
 * address will need, so on a phone they arrive with the code rather than after it (issue 26 §3). The app takes
 * them through the api-client (`lib/early-reads.ts`); a read not taken is forgotten.
 */
import { startEarlyReads } from './start-early-reads';

try {
  startEarlyReads(window.location, window.localStorage);
} catch {
  // Storage refused (a private window may throw on reaching it): the app reads as its code arrives.
}
