import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  $getNodeByKey,
  $getSelection,
  $isRangeSelection,
  COMMAND_PRIORITY_EDITOR,
  createCommand,
  mergeRegister,
  type LexicalCommand,
} from 'lexical';
import { useCallback, useEffect, useRef } from 'react';
import type { AssociationListItem, AssociationType } from '../../../../../shared/schemas/associations';
import { assertEditorHasNodes } from '../../nodes';
import { $isAssociationNode, AssociationNode, associationTypeLabel } from '../../nodes/association-node';
import { useContextMenuItems, type EditorContextMenuContext } from '../context-menu-plugin';
import { AddToStoryBibleButton } from './add-to-story-bible-button';
import { ASSOCIATION_KINDS, creatableAssociationName } from './creatable-association-name';

export { creatableAssociationName } from './creatable-association-name';

export interface CreateAssociationPayload {
  name: string;
  type: AssociationType;
}

/** Creates an association named by the given text (the context menu's 'Create Association'). */
export const CREATE_ASSOCIATION_COMMAND: LexicalCommand<CreateAssociationPayload> = createCommand(
  'CREATE_ASSOCIATION_COMMAND',
);
/** Deletes the association with the given id (the context menu's 'Delete Association'). */
export const DELETE_ASSOCIATION_COMMAND: LexicalCommand<string> = createCommand('DELETE_ASSOCIATION_COMMAND');

/** The association of the mention under the pointer, or of the one the selection lies within. */
function mentionedAssociationId({ editor, targetNodeKey }: EditorContextMenuContext): string | null {
  return editor.getEditorState().read(() => {
    const target = targetNodeKey === null ? null : $getNodeByKey(targetNodeKey);
    if ($isAssociationNode(target)) return target.getAssociationId();
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return null;
    const anchor = selection.anchor.getNode();
    return $isAssociationNode(anchor) && anchor.is(selection.focus.getNode())
      ? anchor.getAssociationId()
      : null;
  });
}

interface AssociationContextMenuPluginProps {
  associations: readonly AssociationListItem[] | null;
  onCreate: (payload: CreateAssociationPayload) => void;
  onDelete: (associationId: string) => void;
}

/**
 * The association items of the editor context menu (spec §2), and the same creation from the 'Add to story
 * bible' button a selection shows: 'Create Association' → Character, Place, Event,
 * Item for selected text that could name one, and 'Delete Association' on a mention. With nothing selected
 * and no mention under the pointer it adds nothing, so no menu opens.
 */
export function AssociationContextMenuPlugin({
  associations,
  onCreate,
  onDelete,
}: AssociationContextMenuPluginProps) {
  const [editor] = useLexicalComposerContext();
  const callbacks = useRef({ onCreate, onDelete });

  useEffect(() => {
    callbacks.current = { onCreate, onDelete };
  }, [onCreate, onDelete]);

  useEffect(() => {
    assertEditorHasNodes(editor, [AssociationNode], 'AssociationContextMenuPlugin');
  }, [editor]);

  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          CREATE_ASSOCIATION_COMMAND,
          (payload) => {
            callbacks.current.onCreate(payload);
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
        editor.registerCommand(
          DELETE_ASSOCIATION_COMMAND,
          (associationId) => {
            callbacks.current.onDelete(associationId);
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
      ),
    [editor],
  );

  useContextMenuItems(
    useCallback(
      (context: EditorContextMenuContext) => {
        const name = creatableAssociationName(context.selectedText, associations);
        const mentionedId = mentionedAssociationId(context);
        return [
          ...(name === null
            ? []
            : [
                {
                  id: 'create-association',
                  label: 'Create Association',
                  children: ASSOCIATION_KINDS.map((type) => ({
                    id: `create-association-${type}`,
                    label: associationTypeLabel(type),
                    onSelect: () => editor.dispatchCommand(CREATE_ASSOCIATION_COMMAND, { name, type }),
                  })),
                },
              ]),
          ...(mentionedId === null
            ? []
            : [
                {
                  id: 'delete-association',
                  label: 'Delete Association',
                  onSelect: () => editor.dispatchCommand(DELETE_ASSOCIATION_COMMAND, mentionedId),
                },
              ]),
        ];
      },
      [editor, associations],
    ),
  );

  return (
    <AddToStoryBibleButton
      associations={associations}
      onChoose={(name, type) => editor.dispatchCommand(CREATE_ASSOCIATION_COMMAND, { name, type })}
    />
  );
}
