import { AutosaveQueue } from './autosave-queue';
import { httpSyncTransport } from './http-transport';
import { openOfflineDatabase } from '../../lib/offline/offline-database';
import { keepQueueServerContent } from '../../lib/offline/kept-reads';
import { createMemoryOpStore, openIndexedDbOpStore, type PendingOpStore } from './pending-op-store';
import type { ChapterScope } from './pending-ops';

/**
 * One queue per chapter, from its first use until the author signs out or the chapter, its story or the account
 * is deleted (`disposeChapterQueue`, `disposeStoryQueues`, `disposeAllChapterQueues`). A queue outlives its
 * editor: when the author switches chapters, the old chapter's changes keep being sent (and retried) in the
 * background.
 */
const queues = new Map<string, AutosaveQueue>();
let store: PendingOpStore | undefined;
let pageListenersInstalled = false;

function logAutosave(message: string, error: unknown): void {
  console.warn(message, error);
}

let storeOpening: Promise<PendingOpStore> | undefined;

function localStorageIfAllowed(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

async function openStore(): Promise<PendingOpStore> {
  const keepError = (error: unknown) =>
    logAutosave('Could not keep a change in browser storage; it is kept in memory until sent.', error);
  try {
    return await openIndexedDbOpStore(await openOfflineDatabase(), localStorageIfAllowed(), keepError);
  } catch (error) {
    // Some privacy settings refuse IndexedDB outright; the queue still works for this page's life.
    keepError(error);
    return createMemoryOpStore();
  }
}

/**
 * Opens the browser's store of unsent changes (what an earlier page left is read into memory): awaited before a
 * page uses a chapter's queue, so a queue starts with everything its chapter still holds.
 */
export async function openPendingOpStore(): Promise<void> {
  storeOpening ??= openStore();
  store = await storeOpening;
}

function openedStore(): PendingOpStore {
  if (!store) throw new Error('openPendingOpStore() must finish before a chapter queue is used.');
  return store;
}

/** Flush on unload (spec §4): `pagehide` covers closing and navigating away, `visibilitychange` a phone app switch. */
function installPageListeners(): void {
  if (pageListenersInstalled) return;
  pageListenersInstalled = true;
  const flushAll = () => queues.forEach((queue) => queue.flushWithKeepalive());
  window.addEventListener('pagehide', flushAll);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushAll();
  });
  const connectivityChanged = () => queues.forEach((queue) => queue.connectivityChanged());
  window.addEventListener('online', connectivityChanged);
  window.addEventListener('offline', connectivityChanged);
}

/** The chapter's queue, created (with whatever an earlier page left unsent) on first use. */
export function getChapterQueue(scope: ChapterScope): AutosaveQueue {
  const id = `${scope.storyId}/${scope.chapterId}`;
  let queue = queues.get(id);
  if (!queue) {
    installPageListeners();
    queue = new AutosaveQueue({
      scope,
      transport: httpSyncTransport,
      store: openedStore(),
      isOnline: () => navigator.onLine,
      log: logAutosave,
    });
    keepQueueServerContent(queue);
    queues.set(id, queue);
  }
  return queue;
}

/**
 * Sends what earlier pages left unsent for the story's other chapters (a tab closed while offline), so those
 * changes do not wait for the author to reopen each chapter. Only this story's: its owner is the one signed in.
 */
export function resumeStoryQueues(storyId: string, except: string): void {
  for (const chapterId of openedStore().chaptersWithPendingOps(storyId)) {
    if (chapterId !== except) void getChapterQueue({ storyId, chapterId }).flush();
  }
}

/**
 * Sends what every open chapter still holds, e.g. before signing out, so nothing the author typed is left
 * behind in this browser. Never rejects; what could not be sent stays queued.
 */
export async function flushAllChapterQueues(): Promise<void> {
  await Promise.all([...queues.values()].map((queue) => queue.retryNow()));
}

/**
 * Sends what the story's chapters hold now, before the server changes their text (rename everywhere): true
 * when nothing is left unsent, so a chapter reloaded afterwards has no old text to lay over the new.
 */
export async function sendStoryChanges(storyId: string): Promise<boolean> {
  const storyQueues = [...queues.values()].filter((queue) => queue.scope.storyId === storyId);
  await Promise.all(storyQueues.map((queue) => queue.retryNow()));
  await openPendingOpStore();
  return openedStore().chaptersWithPendingOps(storyId).length === 0;
}

/**
 * Stops the queues `selected` picks and forgets them: they send nothing more, and a later use of their chapter
 * makes a new queue. What they hold unsent stays in the browser's store (a deleted chapter may be restored).
 */
function disposeQueues(selected: (scope: ChapterScope) => boolean): void {
  for (const [id, queue] of queues) {
    if (!selected(queue.scope)) continue;
    queue.dispose();
    queues.delete(id);
  }
}

/** After the chapter was deleted on the server. */
export function disposeChapterQueue({ storyId, chapterId }: ChapterScope): void {
  disposeQueues((scope) => scope.storyId === storyId && scope.chapterId === chapterId);
}

/** After the story was deleted on the server. */
export function disposeStoryQueues(storyId: string): void {
  disposeQueues((scope) => scope.storyId === storyId);
}

/** After signing out (once `flushAllChapterQueues` sent what it could) or deleting the account. */
export function disposeAllChapterQueues(): void {
  disposeQueues(() => true);
}
