import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AssociationListItem, AssociationType } from '../../../../../shared/schemas/associations';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { createAssociation as postAssociation } from '../api/create-association';
import { deleteAssociation as sendDelete } from '../api/delete-association';
import { getAssociations } from '../api/get-associations';
import { associationSaveFailedAlert } from '../association-alerts';
import { useAssociationPanel } from '../hooks/use-association-panel';
import { StoryAssociationsContext, type StoryAssociations } from '../story-associations-context';
import { toListItem } from '../types';

/**
 * The story's associations for everything in the workspace that shows them: the editor's highlights, tooltips
 * and context menu, and the side panel. Loads the list once per story; creating, deleting and panel edits
 * change it in place, so the editor re-scans without another request.
 */
export function StoryAssociationsProvider({ storyId, children }: { storyId: string; children: ReactNode }) {
  const { showAlert } = useAlerts();
  const [associations, setAssociations] = useState<AssociationListItem[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getAssociations(storyId, controller.signal).then(
      (list) => setAssociations(list),
      (error: unknown) => {
        // Spec §8: a failed fetch is logged only; the chapter stays usable without highlights.
        if (!controller.signal.aborted) console.error('Loading the associations failed.', error);
      },
    );
    return () => controller.abort();
  }, [storyId]);

  const updateListItem = useCallback(
    (associationId: string, update: (item: AssociationListItem) => AssociationListItem) =>
      setAssociations((list) =>
        list ? list.map((item) => (item.association_id === associationId ? update(item) : item)) : list,
      ),
    [],
  );

  const panel = useAssociationPanel({ storyId, updateListItem });
  const { forgetAssociation } = panel;

  const createAssociation = useCallback(
    async (name: string, type: AssociationType) => {
      try {
        const created = await postAssociation(storyId, name, type);
        setAssociations((list) => [...(list ?? []), toListItem(created)]);
      } catch (error) {
        console.error('Creating the association failed.', error);
        showAlert(associationSaveFailedAlert(error));
      }
    },
    [storyId, showAlert],
  );

  const deleteAssociation = useCallback(
    async (associationId: string) => {
      try {
        await sendDelete(storyId, associationId);
        forgetAssociation(associationId);
        setAssociations((list) => list && list.filter((item) => item.association_id !== associationId));
      } catch (error) {
        // Spec §8: delete errors are logged only.
        console.error('Deleting the association failed.', error);
      }
    },
    [storyId, forgetAssociation],
  );

  const value = useMemo<StoryAssociations>(
    () => ({ storyId, associations, createAssociation, deleteAssociation, panel }),
    [storyId, associations, createAssociation, deleteAssociation, panel],
  );

  return <StoryAssociationsContext.Provider value={value}>{children}</StoryAssociationsContext.Provider>;
}
