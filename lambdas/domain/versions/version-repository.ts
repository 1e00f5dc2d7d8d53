import type { VersionKind } from '../../../shared/schemas/versions';

/**
 * The index of a chapter's versions: one small record per version, in the chapter's own partition so it goes
 * with the chapter. The version's paragraphs are an object in the versions bucket (`version-bodies.ts`).
 */
export interface VersionRecord {
  /** Sorts by the time it was taken (see `newVersionId`), so the newest is found with one short read. */
  version_id: string;
  chapter_id: string;
  kind: VersionKind;
  /** The author's name for a named version; null for an automatic one. */
  name: string | null;
  created_at: string;
  words: number;
  /** A hash of the body: a chapter unchanged since its last version is not saved again automatically. */
  fingerprint: string;
}

export interface VersionRepository {
  /** Every version of the chapter, newest first. */
  list(chapterId: string): Promise<VersionRecord[]>;
  /** The newest version of the chapter, in one read of at most one item. */
  latest(chapterId: string): Promise<VersionRecord | undefined>;
  get(chapterId: string, versionId: string): Promise<VersionRecord | undefined>;
  put(version: VersionRecord): Promise<void>;
  /** Removes the versions' records (their bodies are the caller's to delete). */
  delete(chapterId: string, versionIds: readonly string[]): Promise<void>;
  /** Removes every version record of the chapter. */
  deleteAll(chapterId: string): Promise<void>;
}
