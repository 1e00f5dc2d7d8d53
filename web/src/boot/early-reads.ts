/**
 * The page's first script, a few hundred bytes run while the app's code downloads: it starts the reads the
 * address will need, so on a phone they arrive with the code rather than after it (issue 26 §3). The app takes
 * them through the api-client (`lib/early-reads.ts`); a read not taken is forgotten. Only reads whose address
 * the page's address alone decides: the chapter's content waits for the story, read by the workspace's loader.
 */
import { earlyReadsOf, startEarlyRead } from '../lib/early-reads';

for (const url of earlyReadsOf(window.location.pathname)) startEarlyRead(url);
