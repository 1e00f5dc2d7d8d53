import { useSyncExternalStore } from 'react';
import type { AutosaveQueue, SaveStatus } from './autosave-queue';
import { getChapterQueue } from './chapter-queues';

/** The queue's save status, re-rendering when it changes. */
export function useSaveStatus(queue: AutosaveQueue): SaveStatus {
  return useSyncExternalStore(queue.subscribe, queue.getStatus, queue.getStatus);
}

/** The save status of a chapter, for components outside the editor (the workspace). */
export function useChapterSaveStatus(storyId: string, chapterId: string): SaveStatus {
  return useSaveStatus(getChapterQueue({ storyId, chapterId }));
}

function changesWaiting(waiting: number): string {
  return `${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting`;
}

/** The words the toolbar shows for a status. */
export function describeSaveStatus(status: SaveStatus): string {
  switch (status.state) {
    case 'saved':
      return 'Saved';
    case 'saving':
      return 'Saving…';
    case 'offline':
      return `Offline — ${changesWaiting(status.waiting)}`;
    case 'retrying':
      return `Not saved yet — ${changesWaiting(status.waiting)}`;
    case 'creating':
      return `Chapter being created — ${changesWaiting(status.waiting)}`;
    case 'notCreated':
      return `Chapter not created — ${changesWaiting(status.waiting)}`;
    case 'conflicted':
      return `Changed elsewhere — ${changesWaiting(status.waiting)}`;
  }
}
