/**
 * Spec §3 "Queued sync job": what the autosave queue keeps until the server has acknowledged it. Every op
 * carries its story and chapter, so a persisted op is complete on its own after a reload.
 */

export interface ChapterScope {
  storyId: string;
  chapterId: string;
}

interface OpBase extends ChapterScope {
  /** Set once a send of this op failed (spec §4: re-queued with the retry flag). */
  retry: boolean;
}

/**
 * The server's revision of the paragraph this page's change is based on (0: new to this page). The server
 * refuses the write (409 `chapter_changed`) when another window has changed the paragraph since. Absent when
 * the page does not know it (an op stored before revisions, a server that answers none): sent unconditionally.
 */
interface BlockOpBase extends OpBase {
  keyId: string;
  baseRevision?: number;
  /**
   * The paragraph as the server held it at `baseRevision`, when this page knows it: what a three-way merge
   * starts from when another device changed the paragraph meanwhile (`mergeParagraph`).
   */
  baseChunk?: string;
  /**
   * An earlier save of this paragraph that was sent but never acknowledged (dropped, timed out, or failed after
   * the server may have stored it): the server holds either `baseRevision` or that chunk at the revision after.
   * It is sent again first (the server accepts a repeated write), so this op is based on what the server holds
   * rather than refused as a change made elsewhere.
   */
  unconfirmed?: UnconfirmedSave;
}

export interface UnconfirmedSave {
  baseRevision: number;
  chunk: string;
  place: number;
}

/** Stores one paragraph: its chunk (the paragraph's JSON) and its 0-based place in the chapter. */
export interface SaveOp extends BlockOpBase {
  type: 'save';
  chunk: string;
  place: number;
}

export interface DeleteOp extends BlockOpBase {
  type: 'delete';
}

/** The chapter's whole paragraph order; a newer one replaces an older one. */
export interface SyncOrderOp extends OpBase {
  type: 'syncOrder';
  keyIds: string[];
}

export type BlockOp = SaveOp | DeleteOp;
export type PendingOp = BlockOp | SyncOrderOp;

export interface PendingOps {
  blocks: BlockOp[];
  order: SyncOrderOp | null;
}
