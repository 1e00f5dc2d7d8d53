/**
 * Reads started by the page's first script (`web/src/boot/`) while the app's code is still downloading, and
 * handed to the api-client when the app asks for the same address (issue 26 §3: the reads are not serialised
 * behind the code). Each is taken once, and only while young: an address asked for later (the author came back
 * to the page) is read afresh.
 */

/** Long enough to cover the app's code loading on a slow phone; past it an early answer is not used. */
export const EARLY_READ_FRESH_MS = 10_000;

/** What the api-client sends with a read, which an early read must match to stand in for it. */
export const READ_REQUEST_INIT: RequestInit = {
  method: 'GET',
  headers: { Accept: 'application/json' },
  credentials: 'same-origin',
};

const startedReads = new Map<string, Promise<Response>>();

/**
 * Addresses the app has read itself during the early phase. An early read of one of them would be started too
 * late to stand in for that read, and would be handed to a later one with an answer older than what the app
 * already has: it is not started.
 */
const askedByApp = new Set<string>();

/** When the page's early phase ends: `EARLY_READ_FRESH_MS` after the first early read or the app's first read. */
let earlyPhaseEndsAt: number | undefined;

function inEarlyPhase(): boolean {
  const now = performance.now();
  earlyPhaseEndsAt ??= now + EARLY_READ_FRESH_MS;
  if (now < earlyPhaseEndsAt) return true;
  askedByApp.clear();
  return false;
}

/**
 * Starts reading `url` now, for the app's first read of it to take (in place of one started before); forgotten
 * once too old. Undefined, and nothing started, once the early phase is over or when the app read it already.
 */
export function startEarlyRead(url: string): Promise<Response> | undefined {
  if (!inEarlyPhase() || askedByApp.has(url)) return undefined;
  const response = fetch(url, READ_REQUEST_INIT);
  // An early read that fails is the app's to retry, through its own request: nothing to report here.
  response.catch(() => undefined);
  startedReads.set(url, response);
  setTimeout(() => {
    if (startedReads.get(url) === response) startedReads.delete(url);
  }, EARLY_READ_FRESH_MS);
  return response;
}

/**
 * The early read of `url` for the app's read of it, handed over once; undefined when none was started or it is
 * too old. Every read the app makes asks, so that none is started afterwards.
 */
export function takeEarlyRead(url: string): Promise<Response> | undefined {
  if (inEarlyPhase()) askedByApp.add(url);
  const response = startedReads.get(url);
  startedReads.delete(url);
  return response;
}
