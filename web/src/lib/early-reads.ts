/**
 * Reads started by the page's first script (`web/src/boot/early-reads.ts`) while the app's code is still
 * downloading, and handed to the api-client when the app asks for the same address (issue 26 §3: the reads
 * are not serialised behind the code). Each is taken once, and only while young: an address asked for later
 * (the author came back to the page) is read afresh.
 */

import { apiPaths } from '../api/api-paths';
import { paths } from '../config/paths';

/** Long enough to cover the app's code loading on a slow phone; past it an early answer is not used. */
export const EARLY_READ_FRESH_MS = 10_000;

/** What the api-client sends with a read, which an early read must match to stand in for it. */
export const READ_REQUEST_INIT: RequestInit = {
  method: 'GET',
  headers: { Accept: 'application/json' },
  credentials: 'same-origin',
};

const startedReads = new Map<string, Promise<Response>>();

/** Starts reading `url` now, for the app to take later; forgotten once too old to be taken. */
export function startEarlyRead(url: string): void {
  if (startedReads.has(url)) return;
  const response = fetch(url, READ_REQUEST_INIT);
  // An early read that fails is the app's to retry, through its own request: nothing to report here.
  response.catch(() => undefined);
  startedReads.set(url, response);
  setTimeout(() => {
    if (startedReads.get(url) === response) startedReads.delete(url);
  }, EARLY_READ_FRESH_MS);
}

/** The early read of `url`, handed over once; undefined when none was started or it is too old. */
export function takeEarlyRead(url: string): Promise<Response> | undefined {
  const response = startedReads.get(url);
  startedReads.delete(url);
  return response;
}

/** The value of each `:name` segment of `pattern` in `pathname`, or null when the address is another. */
function matchAddress(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = pattern.split('/');
  const actual = pathname.replace(/\/$/, '').split('/');
  if (wanted.length !== actual.length) return null;
  const values: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const value = actual[index]!;
    if (part.startsWith(':')) values[part.slice(1)] = value;
    else if (part !== value) return null;
  }
  return values;
}

/** What the page at `pathname` reads first, besides the signed-in author every page looks up. */
function routeReadsOf(pathname: string): string[] {
  if (matchAddress(paths.stories.path, pathname)) {
    return [apiPaths.stories, apiPaths.seriesList, apiPaths.sharedWithMe];
  }
  const segment = matchAddress(paths.story.path, pathname)?.storyId;
  if (segment && pathname !== paths.newStory.path) {
    // The address's segment is already encoded: decoded here, encoded again by `apiPaths` as the app does.
    const storyId = decodeURIComponent(segment);
    return [
      apiPaths.story(storyId),
      apiPaths.documentSettings(storyId),
      apiPaths.storyProgress(storyId),
      apiPaths.associationThumbs(storyId),
    ];
  }
  return [];
}

/** The reads the page at `pathname` starts with: the signed-in author, whom every page looks up, and its own. */
export function earlyReadsOf(pathname: string): string[] {
  return [apiPaths.user, ...routeReadsOf(pathname)];
}
