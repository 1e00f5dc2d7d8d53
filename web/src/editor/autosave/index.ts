/**
 * Autosave of chapter content (spec §4 "Block saving"): a per-chapter queue kept in the browser until the
 * server acknowledges it, plus its React binding.
 */
export {
  AUTOSAVE_INTERVAL_MS,
  AutosaveQueue,
  QUIET_WINDOW_MS,
  type AutosaveEvent,
  type SaveState,
  type SaveStatus,
} from './autosave-queue';
export {
  disposeChapterQueue,
  flushAllChapterQueues,
  getChapterQueue,
  openPendingOpStore,
  resumeStoryQueues,
  sendStoryChanges,
} from './chapter-queues';
export type { ServerBlock, StoredBlock } from './merge-pending-ops';
export type { ChapterScope, PendingOps } from './pending-ops';
export { describeSaveStatus, useChapterSaveStatus, useSaveStatus } from './use-save-status';
