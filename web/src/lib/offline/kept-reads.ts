/**
 * What the author opened, kept on this device so the app opens without the network (issue 26 §1): the server's
 * answers to the reads that open a story (the account, the story list, a story, its associations…) and the
 * content of the chapters opened in the last 30 days, within a bound in MB. A read is answered from here only
 * when the server cannot be reached; every answer the server gives replaces what is kept.
 */
import type { AutosaveQueue } from '../../editor/autosave/autosave-queue';
import type { ServerBlock } from '../../editor/autosave/merge-pending-ops';
import {
  openOfflineDatabase,
  type KeptChapter,
  type KeptParagraph,
  type OfflineDatabase,
} from './offline-database';

/** Chapters not opened for this long are let go (unless their story is kept whole). */
export const KEPT_DAYS = 30;
const KEPT_MS = KEPT_DAYS * 24 * 60 * 60 * 1000;
/** The bound on what is kept, shown in Settings: about 100 novels' worth of opened chapters. */
export const KEPT_BOUND_BYTES = 50 * 1024 * 1024;

const OWNER_SETTING = 'owner';
const KEPT_STORIES_SETTING = 'keptStories';
const PERSISTENCE_ASKED_SETTING = 'persistenceAsked';
const REFRESHED_AT_SETTING = 'keptStoriesRefreshedAt';
/** Stories kept whole are brought up to date at most this often (one request per chapter, mostly 204s). */
const REFRESH_INTERVAL_MS = 60 * 60 * 1000;

/** Which stories are kept whole, every chapter downloaded: some, or all of the author's. */
export type KeptStories = { all: true } | { all: false; storyIds: string[] };

/** The database, or undefined where the browser refuses IndexedDB: nothing is kept, nothing fails. */
async function database(): Promise<OfflineDatabase | undefined> {
  try {
    return await openOfflineDatabase();
  } catch {
    return undefined;
  }
}

function logKeepFailure(error: unknown): void {
  console.warn('Could not keep a read for offline use.', error);
}

function chapterId(storyId: string, chapterId: string): string {
  return `${storyId}/${chapterId}`;
}

/** Keeps the server's answer to a read (not awaited by the read: keeping never slows the page). */
export function keepRead(url: string, body: unknown, storyId?: string): void {
  void database()
    .then((kept) =>
      kept?.put('reads', {
        url,
        body,
        ...(storyId === undefined ? {} : { storyId }),
        bytes: JSON.stringify(body ?? null).length,
        usedAt: Date.now(),
      }),
    )
    .catch(logKeepFailure);
}

/** The kept answer to a read, or undefined when none is kept. */
export async function recallRead(url: string): Promise<{ body: unknown } | undefined> {
  const kept = await database();
  const read = await kept?.get('reads', url).catch(() => undefined);
  return read ? { body: read.body } : undefined;
}

function paragraphKey(chapter: string, keyId: string): string {
  return `${chapter}|${keyId}`;
}

/** Every paragraph record of the chapter whose id is given. */
function paragraphsOf(chapter: string): IDBKeyRange {
  return IDBKeyRange.bound(`${chapter}|`, `${chapter}|\uffff`);
}

/** What each chapter's kept copy holds, as this page last wrote or read it: what a save is compared with. */
interface KeptState {
  stamp: string;
  chunks: Map<string, string>;
}
const keptStates = new Map<string, KeptState>();

/**
 * Writes the chapter's kept copy. A read (`asRead`, or a chapter this page knows nothing kept of) is written as
 * read, in one record, the paragraphs changed since let go; otherwise only the paragraphs whose chunk differs
 * from what this page knows is kept are written, with the order and stamp.
 */
async function writeChapter(
  kept: OfflineDatabase,
  storyId: string,
  chapter: string,
  content: { blocks: ServerBlock[]; stamp: string },
  asRead: boolean,
): Promise<void> {
  const id = chapterId(storyId, chapter);
  const known = asRead ? undefined : keptStates.get(id);
  const transaction = kept.transaction(['chapters', 'chapterReads', 'paragraphs'], 'readwrite');
  const paragraphs = transaction.objectStore('paragraphs');
  const writes: Promise<unknown>[] = [];
  const chunks = new Map<string, string>();
  let bytes = 0;
  for (const block of content.blocks) {
    chunks.set(block.keyId, block.chunk);
    bytes += block.chunk.length + block.keyId.length;
  }
  if (known) {
    for (const block of content.blocks) {
      if (known.chunks.get(block.keyId) === block.chunk) continue;
      const { keyId, ...paragraph } = block;
      writes.push(paragraphs.put(paragraph, paragraphKey(id, keyId)));
    }
  } else {
    writes.push(paragraphs.delete(paragraphsOf(id)));
    writes.push(transaction.objectStore('chapterReads').put({ blocks: content.blocks }, id));
  }
  const entry: KeptChapter = {
    id,
    storyId,
    chapterId: chapter,
    order: content.blocks.map((block) => block.keyId),
    stamp: content.stamp,
    bytes,
    usedAt: Date.now(),
  };
  writes.push(transaction.objectStore('chapters').put(entry));
  keptStates.set(id, { stamp: content.stamp, chunks });
  try {
    await Promise.all([...writes, transaction.done]);
  } catch (error) {
    // What was written is not known: the next write keeps the chapter whole.
    keptStates.delete(id);
    throw error;
  }
}

/** Keeps a chapter's content as the server answered a read of it. */
export async function keepChapter(
  storyId: string,
  chapter: string,
  content: { blocks: ServerBlock[]; stamp: string },
): Promise<void> {
  const kept = await database();
  if (kept) await writeChapter(kept, storyId, chapter, content, true);
}

/** The chapter's kept content, or undefined when it is not kept on this device. */
export async function recallChapter(
  storyId: string,
  chapter: string,
): Promise<{ blocks: ServerBlock[]; stamp: string } | undefined> {
  const kept = await database();
  if (!kept) return undefined;
  const id = chapterId(storyId, chapter);
  try {
    const transaction = kept.transaction(['chapters', 'chapterReads', 'paragraphs']);
    const range = paragraphsOf(id);
    const [entry, read, keys, changed] = await Promise.all([
      transaction.objectStore('chapters').get(id),
      transaction.objectStore('chapterReads').get(id),
      transaction.objectStore('paragraphs').getAllKeys(range),
      transaction.objectStore('paragraphs').getAll(range),
    ]);
    if (!entry || !read) return undefined;
    const byKeyId = new Map<string, KeptParagraph>(
      read.blocks.map(({ keyId, ...paragraph }) => [keyId, paragraph]),
    );
    keys.forEach((key, index) => byKeyId.set(String(key).slice(id.length + 1), changed[index]!));
    const blocks: ServerBlock[] = [];
    for (const keyId of entry.order) {
      const paragraph = byKeyId.get(keyId);
      if (!paragraph) return undefined;
      blocks.push({ keyId, ...paragraph });
    }
    keptStates.set(id, {
      stamp: entry.stamp,
      chunks: new Map(blocks.map((block) => [block.keyId, block.chunk])),
    });
    return { blocks, stamp: entry.stamp };
  } catch {
    return undefined;
  }
}

/** The stamp of the kept chapter, to ask the server whether it changed since (undefined when not kept). */
export async function keptChapterStamp(storyId: string, chapter: string): Promise<string | undefined> {
  const kept = await database();
  return (await kept?.get('chapters', chapterId(storyId, chapter)).catch(() => undefined))?.stamp;
}

/**
 * Follows the queue's acknowledged writes into the kept chapter: once everything is sent, the kept copy is the
 * server's content as the queue knows it, so a reload offline shows the chapter as saved (what waits unsent is
 * in the queue's own store and laid over it). Only the paragraphs that changed are written. One write at a
 * time; a newer state replaces a waiting one.
 */
export function keepQueueServerContent(queue: AutosaveQueue): void {
  const { storyId, chapterId: chapter } = queue.scope;
  let writing = false;
  let waiting = false;
  const write = async () => {
    writing = true;
    while (waiting) {
      waiting = false;
      const blocks = queue.knownServerContent();
      const stamp = keptStates.get(chapterId(storyId, chapter))?.stamp ?? '';
      const kept = blocks && (await database());
      if (kept) await writeChapter(kept, storyId, chapter, { blocks, stamp }, false).catch(logKeepFailure);
    }
    writing = false;
  };
  queue.subscribe(() => {
    if (queue.getStatus().state !== 'saved') return;
    waiting = true;
    if (!writing) void write();
  });
}

/** What this device keeps: bytes in all, and how many chapters. */
export async function keptUsage(): Promise<{ bytes: number; chapters: number }> {
  const kept = await database();
  if (!kept) return { bytes: 0, chapters: 0 };
  const [reads, chapters] = await Promise.all([kept.getAll('reads'), kept.getAll('chapters')]);
  const bytes = [...reads, ...chapters].reduce((total, entry) => total + entry.bytes, 0);
  return { bytes, chapters: chapters.length };
}

export async function keptStories(): Promise<KeptStories> {
  const kept = await database();
  const setting = (await kept?.get('settings', KEPT_STORIES_SETTING)) as KeptStories | undefined;
  return setting ?? { all: false, storyIds: [] };
}

export async function setKeptStories(stories: KeptStories): Promise<void> {
  const kept = await database();
  await kept?.put('settings', stories, KEPT_STORIES_SETTING);
}

/** Whether the stories kept whole are due to be brought up to date; when they are, the time is noted. */
export async function keptStoriesRefreshDue(now = Date.now()): Promise<boolean> {
  const kept = await database();
  if (!kept) return false;
  const refreshedAt = (await kept.get('settings', REFRESHED_AT_SETTING)) as number | undefined;
  if (refreshedAt !== undefined && now - refreshedAt < REFRESH_INTERVAL_MS) return false;
  await kept.put('settings', now, REFRESHED_AT_SETTING);
  return true;
}

/** Whether the browser keeps this site's storage until the author clears it (not when space runs low). */
export async function storageIsPersistent(): Promise<boolean> {
  return (await navigator.storage?.persisted?.()) ?? false;
}

/**
 * Asks the browser, once, to keep this site's storage when space runs low (`navigator.storage.persist()`; some
 * browsers ask the author, others decide by use): what is kept offline and what waits unsent live there.
 * Called when the author chooses to keep a story offline, next to the explanation in Settings.
 */
export async function askToKeepStorage(): Promise<boolean> {
  if (await storageIsPersistent()) return true;
  const kept = await database();
  if (!kept || (await kept.get('settings', PERSISTENCE_ASKED_SETTING))) return false;
  await kept.put('settings', true, PERSISTENCE_ASKED_SETTING);
  return (await navigator.storage?.persist?.()) ?? false;
}

/**
 * Lets go of what is no longer to be kept: chapters unopened for 30 days (but those of stories kept whole), then,
 * over the bound, the chapters used longest ago first. Reads are small and go with their 30 days too.
 */
export async function pruneKept(now = Date.now()): Promise<void> {
  const kept = await database();
  if (!kept) return;
  const stories = await keptStories();
  const keptWhole = (storyId: string | undefined) =>
    stories.all || (storyId !== undefined && stories.storyIds.includes(storyId));
  const transaction = kept.transaction(['reads', 'chapters', 'chapterReads', 'paragraphs'], 'readwrite');
  const reads = await transaction.objectStore('reads').getAll();
  const chapters = await transaction.objectStore('chapters').index('usedAt').getAll();
  let total = [...reads, ...chapters].reduce((sum, entry) => sum + entry.bytes, 0);
  for (const read of reads) {
    if (read.usedAt < now - KEPT_MS && !keptWhole(read.storyId)) {
      total -= read.bytes;
      await transaction.objectStore('reads').delete(read.url);
    }
  }
  for (const chapter of chapters) {
    const stale = chapter.usedAt < now - KEPT_MS && !keptWhole(chapter.storyId);
    if (!stale && total <= KEPT_BOUND_BYTES) continue;
    total -= chapter.bytes;
    keptStates.delete(chapter.id);
    await transaction.objectStore('chapters').delete(chapter.id);
    await transaction.objectStore('chapterReads').delete(chapter.id);
    await transaction.objectStore('paragraphs').delete(paragraphsOf(chapter.id));
  }
  await transaction.done;
}

/**
 * This device's copy belongs to one author: when another signs in, what the last one kept is let go before
 * anything of theirs could be shown offline.
 */
export async function claimKept(owner: string): Promise<void> {
  const kept = await database();
  if (!kept) return;
  const previous = await kept.get('settings', OWNER_SETTING);
  if (previous === owner) return;
  if (previous !== undefined) await forgetKept();
  await kept.put('settings', owner, OWNER_SETTING);
}

/** Lets go of everything kept for offline use (signing out): the unsent changes stay, as they always did. */
export async function forgetKept(): Promise<void> {
  const kept = await database();
  if (!kept) return;
  keptStates.clear();
  const transaction = kept.transaction(
    ['reads', 'chapters', 'chapterReads', 'paragraphs', 'settings'],
    'readwrite',
  );
  await Promise.all([
    transaction.objectStore('reads').clear(),
    transaction.objectStore('chapters').clear(),
    transaction.objectStore('chapterReads').clear(),
    transaction.objectStore('paragraphs').clear(),
    transaction.objectStore('settings').clear(),
    transaction.done,
  ]);
}
