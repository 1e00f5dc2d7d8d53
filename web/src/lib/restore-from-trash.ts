import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { storyKeys } from '../api/stories';
import { restoreChapter, restoreStory, trashKeys } from '../api/trash';
import type { AlertOptions } from '../components/alerts/alert-types';
import { useAlerts } from '../components/alerts/alerts-context';
import { useAlertingMutation } from './use-alerting-mutation';

/** A story, or one chapter of it, in 'Recently deleted'. */
export type TrashedItem = { storyId: string; chapterId?: string };

/** Said where a story or a chapter is deleted: it is not gone yet, and where to get it back. */
export const RESTORABLE_FOR_30_DAYS = 'You can restore it for 30 days from Settings › Recently deleted.';

export function restoreFailedAlert(): AlertOptions {
  return {
    title: 'Restore failed',
    message: 'This could not be restored. It may have been restored already, or removed for good.',
    severity: 'error',
  };
}

/**
 * Restores a story or a chapter from the trash, then reads the trash and the stories again so every list
 * shows it back where it was. The one restore of the app: 'Recently deleted' and the deletion toasts' Undo.
 */
export function useRestoreFromTrash() {
  const queryClient = useQueryClient();
  return useAlertingMutation({
    mutationFn: ({ storyId, chapterId }: TrashedItem) =>
      chapterId ? restoreChapter(storyId, chapterId) : restoreStory(storyId),
    failureLog: 'Restoring from the trash failed.',
    failureAlert: restoreFailedAlert,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trashKeys.list() }),
        queryClient.invalidateQueries({ queryKey: storyKeys.all }),
      ]);
    },
  });
}

/**
 * The toast after a story or a chapter is deleted: what went, where it can be restored, and Undo, which
 * restores it at once.
 */
export function useDeletedToast() {
  const { showAlert } = useAlerts();
  const { mutate: restore } = useRestoreFromTrash();
  return useCallback(
    (item: TrashedItem, title: string) =>
      showAlert({
        title: item.chapterId ? 'Chapter deleted' : 'Story deleted',
        message: `“${title}” can be restored from Settings › Recently deleted for 30 days.`,
        severity: 'info',
        action: { text: 'Undo', onAction: () => restore(item) },
      }),
    [showAlert, restore],
  );
}
