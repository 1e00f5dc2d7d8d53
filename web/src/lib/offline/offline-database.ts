/**
 * The browser's one IndexedDB database (issue 26 §1): what the author opened, kept for opening offline, and
 * the autosave queue's unsent changes. Opened once per page; every store is read and written through `idb`.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PendingOp } from '../../editor/autosave/pending-ops';

/** One answer of the server kept for offline use: the story list, a story, its associations… */
export interface KeptRead {
  /** The path with its query, as requested. */
  url: string;
  body: unknown;
  /** The story the read belongs to, for 'Keep offline' and for forgetting a deleted story. */
  storyId?: string;
  /** Approximate size (the JSON's length), for the bound shown in Settings. */
  bytes: number;
  /** When it was last read or written (ms since the epoch): what is kept longest unused goes first. */
  usedAt: number;
}

/**
 * A chapter as the server holds it, kept for opening it offline, in three parts so that neither a read nor a save
 * writes more than it must: this record (its order and stamp), the paragraphs as last read (`KeptChapterRead`,
 * one record written once per read), and each paragraph changed by a save since (`KeptParagraph`).
 */
export interface KeptChapter {
  /** `${storyId}/${chapterId}`. */
  id: string;
  storyId: string;
  chapterId: string;
  order: string[];
  stamp: string;
  bytes: number;
  usedAt: number;
}

export interface KeptParagraph {
  chunk: string;
  revision?: number;
}

export interface KeptChapterRead {
  blocks: ({ keyId: string } & KeptParagraph)[];
}

export interface OfflineSchema extends DBSchema {
  reads: { key: string; value: KeptRead; indexes: { usedAt: number } };
  chapters: { key: string; value: KeptChapter; indexes: { usedAt: number; storyId: string } };
  /** By the chapter's id. */
  chapterReads: { key: string; value: KeptChapterRead };
  /** By `${chapter id}|${keyId}`: a chapter's changed paragraphs are the keys that start with its id and '|'. */
  paragraphs: { key: string; value: KeptParagraph };
  /** The autosave queue's entries, by the key the queue names them with (one per paragraph, one per order). */
  pendingOps: { key: string; value: PendingOp };
  /** Settings of this device's copy: whose it is, which stories are kept whole. */
  settings: { key: string; value: unknown };
}

const DATABASE_NAME = 'loreweaver';
const DATABASE_VERSION = 1;

export type OfflineDatabase = IDBPDatabase<OfflineSchema>;

let opening: Promise<OfflineDatabase> | undefined;

/**
 * The database, opened on first use. Rejects where the browser refuses IndexedDB (some private modes): callers
 * then work without it (nothing kept offline; the queue in memory).
 */
export function openOfflineDatabase(): Promise<OfflineDatabase> {
  // Started in a promise: where IndexedDB is missing altogether, `openDB` throws rather than rejecting.
  opening ??= Promise.resolve()
    .then(() =>
      openDB<OfflineSchema>(DATABASE_NAME, DATABASE_VERSION, {
        upgrade(database) {
          database.createObjectStore('reads', { keyPath: 'url' }).createIndex('usedAt', 'usedAt');
          const chapters = database.createObjectStore('chapters', { keyPath: 'id' });
          chapters.createIndex('usedAt', 'usedAt');
          chapters.createIndex('storyId', 'storyId');
          database.createObjectStore('chapterReads');
          database.createObjectStore('paragraphs');
          database.createObjectStore('pendingOps');
          database.createObjectStore('settings');
        },
        // Another tab opened a newer version of the app: this page lets it upgrade rather than blocking it.
        blocking() {
          void opening?.then((database) => database.close());
          opening = undefined;
        },
      }),
    )
    .catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
  return opening;
}
