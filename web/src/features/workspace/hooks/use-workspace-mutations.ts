import { useQueryClient } from '@tanstack/react-query';
import type { Chapter, CreateChapterRequest } from '../../../../../shared/schemas/chapter';
import type { DocumentSettings } from '../../../../../shared/schemas/settings';
import { SeriesTitleSchema } from '../../../../../shared/schemas/series';
import { StoryTitleSchema } from '../../../../../shared/schemas/story';
import { INVALID_TITLE_ALERT_TITLE, ONLY_CHAPTER_MESSAGE } from '../../../../../shared/validation';
import {
  createChapter,
  deleteChapter,
  renameChapter,
  reorderChapters,
  updateChapterNotes,
  type ChapterNotes,
} from '../../../api/chapters';
import { documentSettingsQuery, updateDocumentSettings } from '../../../api/document-settings';
import { progressKeys } from '../../../api/progress';
import { seriesKeys, updateSeries } from '../../../api/series';
import { storyKeys, updateStoryDetails } from '../../../api/stories';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { disposeChapterQueue } from '../../../editor/autosave';
import { ApiError } from '../../../lib/api-client';
import { alertForRefusedInput } from '../../../lib/refused-input-alert';
import { useAlertingMutation } from '../../../lib/use-alerting-mutation';
import { useDeletedToast } from '../../../lib/restore-from-trash';
import { workspaceAlerts } from '../workspace-messages';
import { byPlace } from '../utils/chapter-order';
import { useChangeChapters, useChangeStory, type WorkspaceStory } from './use-workspace-data';

/*
 * The workspace's writes. Renames, reorders and settings show at once (`onMutate`) and are undone if the server
 * refuses them (`onError`); adding and deleting a chapter wait for the server. Every failure shows the spec's
 * alert (§8).
 */

/**
 * Stops a load still under way from overwriting a change about to be shown. Not awaited: the change must show
 * in the same turn as the author's action (`onMutate` runs synchronously inside `mutate`), and the cancelled
 * load falls back to the latest data set by hand, the change included.
 */
function useCancelStoryLoad(storyId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.cancelQueries({ queryKey: storyKeys.detail(storyId) });
}

/** What other pages list changed with this story or series: read again where they are next shown. */
/**
 * The title rule (shared/schemas/title.ts) run before an inline rename is sent: the normalised title, or
 * undefined after the 'Invalid Title' warning.
 */
function useCheckedTitle() {
  const { showAlert } = useAlerts();
  return (schema: typeof StoryTitleSchema, title: string): string | undefined => {
    const checked = schema.safeParse(title);
    if (checked.success) return checked.data;
    showAlert({
      title: INVALID_TITLE_ALERT_TITLE,
      message: checked.error.issues[0]?.message ?? '',
      severity: 'warning',
    });
    return undefined;
  };
}

function useForgetLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [storyKeys.list(), seriesKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey, refetchType: 'none' }),
      ),
    );
}

/**
 * Renames the story from the header with PUT .../details, sending the story's own description and no series
 * field or file, which keeps the series and the image. A title the spec's rules refuse gets the 'Invalid
 * Title' alert without a call.
 */
export function useRenameStory(story: WorkspaceStory) {
  const checkedTitle = useCheckedTitle();
  const changeStory = useChangeStory(story.story_id);
  const cancelStoryLoad = useCancelStoryLoad(story.story_id);
  const forgetLists = useForgetLists();
  const { mutate } = useAlertingMutation({
    mutationFn: (title: string) =>
      updateStoryDetails(story.story_id, { title, description: story.description }),
    onMutate: (title) => {
      cancelStoryLoad();
      const previousTitle = story.title;
      changeStory((current) => ({ ...current, title }));
      return { previousTitle };
    },
    onError: (_error, _title, rollback) => {
      if (rollback) changeStory((current) => ({ ...current, title: rollback.previousTitle }));
    },
    onSuccess: forgetLists,
    failureLog: 'Renaming the story failed.',
    failureAlert: alertForRefusedInput(workspaceAlerts.storyTitleFailed),
  });

  return (title: string) => {
    const checked = checkedTitle(StoryTitleSchema, title);
    if (checked !== undefined) mutate(checked);
  };
}

/**
 * Renames the story's series from the header with PUT /api/series/{id} and the title alone: without
 * `series_description`, `stories` or a file, the description, the volumes and the image stay as they are.
 */
export function useRenameSeries(story: WorkspaceStory) {
  const checkedTitle = useCheckedTitle();
  const changeStory = useChangeStory(story.story_id);
  const cancelStoryLoad = useCancelStoryLoad(story.story_id);
  const forgetLists = useForgetLists();
  const { mutate } = useAlertingMutation({
    mutationFn: ({ seriesId, title }: { seriesId: string; title: string }) =>
      updateSeries(seriesId, { series_title: title }),
    onMutate: ({ title }) => {
      cancelStoryLoad();
      const previousTitle = story.series_title;
      changeStory((current) => ({ ...current, series_title: title }));
      return { previousTitle };
    },
    onError: (_error, _variables, rollback) => {
      if (rollback) changeStory((current) => ({ ...current, series_title: rollback.previousTitle }));
    },
    onSuccess: forgetLists,
    failureLog: 'Renaming the series failed.',
    failureAlert: alertForRefusedInput(workspaceAlerts.seriesTitleFailed),
  });

  const seriesId = story.series_id;
  return seriesId === undefined
    ? undefined
    : (title: string) => {
        const checked = checkedTitle(SeriesTitleSchema, title);
        if (checked !== undefined) mutate({ seriesId, title: checked });
      };
}

function retitled(chapters: Chapter[], chapterId: string, title: string): Chapter[] {
  return chapters.map((chapter) => (chapter.id === chapterId ? { ...chapter, title } : chapter));
}

/** Renames a chapter with the whole chapter object carrying the new title. */
export function useRenameChapter(storyId: string) {
  const changeChapters = useChangeChapters(storyId);
  const cancelStoryLoad = useCancelStoryLoad(storyId);
  const { mutate } = useAlertingMutation({
    mutationFn: ({ chapter, title }: { chapter: Chapter; title: string }) => renameChapter(chapter, title),
    onMutate: ({ chapter, title }) => {
      cancelStoryLoad();
      changeChapters((chapters) => retitled(chapters, chapter.id, title));
    },
    onError: (_error, { chapter }) =>
      changeChapters((chapters) => retitled(chapters, chapter.id, chapter.title)),
    failureLog: 'Renaming a chapter failed.',
    failureAlert: alertForRefusedInput(workspaceAlerts.chapterFailed),
  });
  return (chapter: Chapter, title: string) => mutate({ chapter, title });
}

function withNotes(chapters: Chapter[], chapterId: string, notes: ChapterNotes): Chapter[] {
  return chapters.map((chapter) => (chapter.id === chapterId ? { ...chapter, ...notes } : chapter));
}

/** Changes a chapter's synopsis or stage (the corkboard), shown at once and put back if the server refuses. */
export function useUpdateChapterNotes(storyId: string) {
  const changeChapters = useChangeChapters(storyId);
  const cancelStoryLoad = useCancelStoryLoad(storyId);
  const { mutate } = useAlertingMutation({
    mutationFn: ({ chapter, notes }: { chapter: Chapter; notes: ChapterNotes }) =>
      updateChapterNotes(chapter, notes),
    onMutate: ({ chapter, notes }) => {
      cancelStoryLoad();
      changeChapters((chapters) => withNotes(chapters, chapter.id, notes));
    },
    onError: (_error, { chapter }) =>
      changeChapters((chapters) =>
        withNotes(chapters, chapter.id, { synopsis: chapter.synopsis, stage: chapter.stage }),
      ),
    failureLog: 'Saving a chapter card failed.',
    failureAlert: alertForRefusedInput(workspaceAlerts.chapterFailed, 'Cannot save the card'),
  });
  return (chapter: Chapter, notes: ChapterNotes) => mutate({ chapter, notes });
}

/** Adds a chapter once the server has made it; resolves it, or `undefined` if it could not be made. */
export function useCreateChapter(storyId: string) {
  const changeChapters = useChangeChapters(storyId);
  const { mutateAsync } = useAlertingMutation({
    mutationFn: (request: CreateChapterRequest) => createChapter(storyId, request),
    onSuccess: (created) =>
      changeChapters((chapters) =>
        [...chapters.filter((chapter) => chapter.id !== created.id), created].sort(byPlace),
      ),
    failureLog: 'Creating a chapter failed.',
    failureAlert: workspaceAlerts.chapterCreationFailed,
  });
  return (request: CreateChapterRequest): Promise<Chapter | undefined> =>
    mutateAsync(request).catch(() => undefined);
}

/** Saves a new chapter order, shown at once and put back if the server refuses it. */
export function useReorderChapters(storyId: string) {
  const changeChapters = useChangeChapters(storyId);
  const cancelStoryLoad = useCancelStoryLoad(storyId);
  const { mutate } = useAlertingMutation({
    mutationFn: ({ reordered }: { reordered: Chapter[]; previous: Chapter[] }) =>
      reorderChapters(storyId, reordered),
    // In the same turn as the drop, so the dragged row lands where it was let go rather than jumping back.
    onMutate: ({ reordered }) => {
      cancelStoryLoad();
      changeChapters(() => reordered);
    },
    onError: (_error, { previous }) => changeChapters(() => previous),
    failureLog: 'Reordering chapters failed.',
    failureAlert: workspaceAlerts.chapterOrderFailed,
  });
  return (previous: Chapter[], reordered: Chapter[]) => mutate({ previous, reordered });
}

/**
 * Deletes a chapter; resolves whether it is gone, which a toast with Undo then says. The server refuses (409)
 * to delete a story's only chapter, for instance when another tab deleted the others: that refusal is shown
 * in the spec's words.
 */
export function useDeleteChapter(storyId: string) {
  const showDeletedToast = useDeletedToast();
  const { mutateAsync } = useAlertingMutation({
    mutationFn: (chapter: Chapter) => deleteChapter(storyId, chapter.id),
    onSuccess: (_result, chapter) => {
      disposeChapterQueue({ storyId, chapterId: chapter.id });
      showDeletedToast({ storyId, chapterId: chapter.id }, chapter.title);
    },
    failureLog: 'Deleting a chapter failed.',
    failureAlert: (error) =>
      error instanceof ApiError && error.code === 'only_chapter'
        ? { title: 'Error', message: ONLY_CHAPTER_MESSAGE, severity: 'warning' }
        : workspaceAlerts.chapterDeletionFailed,
  });
  return (chapter: Chapter): Promise<boolean> =>
    mutateAsync(chapter).then(
      () => true,
      () => false,
    );
}

/** Saves the story's document settings, applied at once and put back if the server refuses them. */
export function useUpdateDocumentSettings(storyId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = documentSettingsQuery(storyId);
  const { mutate } = useAlertingMutation({
    mutationFn: ({ next, previous }: { next: DocumentSettings; previous: DocumentSettings }) =>
      updateDocumentSettings(storyId, next, previous),
    // Each save sends the whole settings: one at a time, so an earlier one can never land last.
    scope: { id: `document-settings:${storyId}` },
    onMutate: ({ next }) => {
      void queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, next);
    },
    onError: (_error, { previous }) => queryClient.setQueryData(queryKey, previous),
    // The story's progress answers the target and deadline with the words a day they need.
    onSettled: () => queryClient.invalidateQueries({ queryKey: progressKeys.story(storyId) }),
    failureLog: 'Saving the document settings failed.',
    failureAlert: workspaceAlerts.settingsFailed,
  });
  return (previous: DocumentSettings, next: DocumentSettings) => mutate({ previous, next });
}
