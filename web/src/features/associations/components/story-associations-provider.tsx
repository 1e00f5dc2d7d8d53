import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import type { AssociationListItem, AssociationType } from '../../../../../shared/schemas/associations';
import {
  associationsQuery,
  createAssociation as postAssociation,
  deleteAssociation as sendDelete,
} from '../../../api/associations';
import { useAlertingMutation } from '../../../lib/use-alerting-mutation';
import { useLoadQuery } from '../../../lib/use-load-query';
import { PREFETCHED_FRESH_MS } from '../../../api/story-workspace-prefetch';
import { associationSaveFailedAlert } from '../association-alerts';
import { useAssociationPanel } from '../hooks/use-association-panel';
import {
  StoryAssociationsContext,
  type StoryAssociations,
  type StoryTextEditing,
} from '../story-associations-context';
import { toListItem } from '../types';

/**
 * The story's associations for everything in the workspace that shows them: the editor's highlights, tooltips
 * and context menu, and the side panel. Loads the list once per story; creating, deleting and panel edits
 * change it in place, so the editor re-scans without another request.
 */
export function StoryAssociationsProvider({
  storyId,
  textEditing,
  children,
}: {
  storyId: string;
  textEditing?: StoryTextEditing;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  // Spec §8: a failed fetch is logged only; the chapter stays usable without highlights.
  const { data: associations = null } = useLoadQuery(
    { ...associationsQuery(storyId), staleTime: PREFETCHED_FRESH_MS },
    {
      what: 'the associations',
      announce: false,
    },
  );

  const changeList = useCallback(
    (change: (list: AssociationListItem[] | undefined) => AssociationListItem[] | undefined) =>
      queryClient.setQueryData(associationsQuery(storyId).queryKey, change),
    [queryClient, storyId],
  );

  const updateListItem = useCallback(
    (associationId: string, update: (item: AssociationListItem) => AssociationListItem) =>
      changeList((list) =>
        list?.map((item) => (item.association_id === associationId ? update(item) : item)),
      ),
    [changeList],
  );

  const panel = useAssociationPanel({ storyId, updateListItem });
  const { forgetAssociation } = panel;

  const { mutateAsync: create } = useAlertingMutation({
    mutationFn: ({ name, type }: { name: string; type: AssociationType }) =>
      postAssociation(storyId, name, type),
    onSuccess: (created) => changeList((list) => [...(list ?? []), toListItem(created)]),
    failureLog: 'Creating the association failed.',
    failureAlert: associationSaveFailedAlert,
  });

  const { mutateAsync: remove } = useMutation({
    mutationFn: (associationId: string) => sendDelete(storyId, associationId),
    onSuccess: (_result, associationId) => {
      forgetAssociation(associationId);
      changeList((list) => list?.filter((item) => item.association_id !== associationId));
    },
    // Spec §8: delete errors are logged only.
    onError: (error) => console.error('Deleting the association failed.', error),
  });

  // Both settle once the list shows the outcome; a failure has been handled by then.
  const createAssociation = useCallback(
    (name: string, type: AssociationType) =>
      create({ name, type }).then(
        (created) => created.association_id,
        () => undefined,
      ),
    [create],
  );
  const deleteAssociation = useCallback(
    (associationId: string) => remove(associationId).then(noResult, noResult),
    [remove],
  );

  const value = useMemo<StoryAssociations>(
    () => ({ storyId, associations, createAssociation, deleteAssociation, panel, textEditing }),
    [storyId, associations, createAssociation, deleteAssociation, panel, textEditing],
  );

  return <StoryAssociationsContext.Provider value={value}>{children}</StoryAssociationsContext.Provider>;
}

function noResult(): void {}
