import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { factsToShow, storyFactsQuery } from '../../../api/facts';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import {
  AssociationContextMenuPlugin,
  type CreateAssociationPayload,
} from '../../../editor/plugins/association-context-menu-plugin';
import { AssociationDetectionPlugin } from '../../../editor/plugins/association-detection-plugin';
import {
  AssociationMentionPlugin,
  type TooltipFact,
} from '../../../editor/plugins/association-mention-plugin';
import { deleteAssociationQuestion } from '../association-alerts';
import { useStoryAssociations } from '../story-associations-context';

interface AssociationEditorPluginsProps {
  /**
   * The story's 'Highlight associations' setting. Off, mentions read as plain text: no tint, tooltip or click
   * to the panel. Detection still keeps the mention nodes in step, so the saved chunks are the same either way
   * and turning it back on shows every mention at once.
   */
  highlight: boolean;
  /** The chapter being written: the tooltips show the facts as they stand there. */
  chapterId: string;
}

/**
 * The story's associations inside the chapter editor: highlighted mentions with tooltips, a click that opens
 * the panel, and the context menu's Create and Delete Association. Rendered among the editor's plugins.
 */
export function AssociationEditorPlugins({ highlight, chapterId }: AssociationEditorPluginsProps) {
  const { storyId, associations, createAssociation, deleteAssociation, panel } = useStoryAssociations();
  const { data: standing } = useQuery({ ...storyFactsQuery(storyId, chapterId), enabled: highlight });
  const facts = useMemo(() => {
    const byAssociation = new Map<string, TooltipFact[]>();
    for (const fact of standing ? factsToShow(standing) : []) {
      byAssociation.set(fact.association_id, [...(byAssociation.get(fact.association_id) ?? []), fact]);
    }
    return byAssociation;
  }, [standing]);
  // Kept while the dialog fades out, so its question does not go blank as it leaves.
  const [deleting, setDeleting] = useState<{ id: string; name: string; open: boolean } | null>(null);

  const create = useCallback(
    // The author made it to describe it: the panel opens on it with the summary ready for typing.
    ({ name, type }: CreateAssociationPayload) =>
      void createAssociation(name, type).then((associationId) => {
        if (associationId !== undefined) panel.openAssociation(associationId, { focusSummary: true });
      }),
    [createAssociation, panel],
  );

  const askToDelete = useCallback(
    (associationId: string) => {
      const association = associations?.find((item) => item.association_id === associationId);
      // A mention of an association the list no longer has is already on its way back to plain text.
      if (association) setDeleting({ id: associationId, name: association.association_name, open: true });
    },
    [associations],
  );

  return (
    <>
      <AssociationDetectionPlugin associations={associations} />
      {highlight && (
        <AssociationMentionPlugin
          associations={associations}
          facts={facts}
          onOpenAssociation={panel.openAssociation}
        />
      )}
      <AssociationContextMenuPlugin associations={associations} onCreate={create} onDelete={askToDelete} />
      <ConfirmDialog
        open={deleting?.open ?? false}
        title="Delete association"
        message={deleting ? deleteAssociationQuestion(deleting.name) : ''}
        confirmLabel="Delete"
        destructive
        onCancel={() => setDeleting((current) => current && { ...current, open: false })}
        onConfirm={() => {
          if (deleting) void deleteAssociation(deleting.id);
          setDeleting((current) => current && { ...current, open: false });
        }}
      />
    </>
  );
}
