import { useQueryClient } from '@tanstack/react-query';
import { applySectionChanges } from '../../../../../shared/outline';
import type { OutlineTemplateType } from '../../../../../shared/outline-templates';
import type { OutlineSection, OutlineSectionInput } from '../../../../../shared/schemas/outline';
import { createOutline, updateOutlineSection } from '../../../api/outline';
import { storyKeys } from '../../../api/stories';
import { useAlertingMutation } from '../../../lib/use-alerting-mutation';
import { workspaceAlerts } from '../workspace-messages';
import { useChangeStory, type WorkspaceStory } from './use-workspace-data';

/** Every write of one story's outline, so an answer can tell whether a later change is still on its way. */
const outlineMutationKey = (storyId: string) => ['outline', storyId] as const;

function withOutline(sections: OutlineSection[]) {
  return (story: WorkspaceStory): WorkspaceStory => ({ ...story, outline: sections });
}

/**
 * Makes a new outline from a template (replacing any), shown once the server has it; a failure shows the spec's
 * 'Unable to create your outline' alert. Resolves whether it was made.
 */
export function useCreateOutline(storyId: string) {
  const changeStory = useChangeStory(storyId);
  const queryClient = useQueryClient();
  const { mutateAsync } = useAlertingMutation({
    mutationKey: outlineMutationKey(storyId),
    mutationFn: (type: OutlineTemplateType) => createOutline(storyId, type),
    onMutate: () => void queryClient.cancelQueries({ queryKey: storyKeys.detail(storyId) }),
    onSuccess: (sections) => changeStory(withOutline(sections)),
    failureLog: 'Creating the outline failed.',
    failureAlert: workspaceAlerts.outlineCreationFailed,
  });
  return (type: OutlineTemplateType): Promise<boolean> =>
    mutateAsync(type).then(
      () => true,
      () => false,
    );
}

/**
 * Saves one section's text or chapters. The change shows at once, with the server's rule applied (a chapter in
 * at most one section), and is undone with the spec's alert if the server refuses it. The server's answer
 * replaces the outline only when no later change is still on its way, so a slow answer cannot undo one.
 */
export function useSaveOutlineSection(storyId: string) {
  const changeStory = useChangeStory(storyId);
  const queryClient = useQueryClient();
  const mutationKey = outlineMutationKey(storyId);
  const { mutate } = useAlertingMutation({
    mutationKey,
    mutationFn: (change: OutlineSectionInput) => updateOutlineSection(storyId, change),
    onMutate: (change) => {
      void queryClient.cancelQueries({ queryKey: storyKeys.detail(storyId) });
      let previous: OutlineSection[] = [];
      changeStory((story) => {
        previous = story.outline ?? [];
        const chapterIds = new Set(story.chapters.map((chapter) => chapter.id));
        return withOutline(applySectionChanges(previous, [change], chapterIds))(story);
      });
      return { previous };
    },
    onError: (_error, _change, rollback) => {
      if (rollback) changeStory(withOutline(rollback.previous));
    },
    onSuccess: (sections) => {
      // A read of the story sent before this write committed (the poll of chapters being created) would put
      // the outline back as it was: it is dropped, and the next read is sent after the write.
      void queryClient.cancelQueries({ queryKey: storyKeys.detail(storyId) });
      // This answer's own mutation still counts as pending while its callbacks run.
      if (queryClient.isMutating({ mutationKey }) <= 1) changeStory(withOutline(sections));
    },
    failureLog: 'Saving the outline failed.',
    failureAlert: workspaceAlerts.outlineSaveFailed,
  });
  return mutate;
}
