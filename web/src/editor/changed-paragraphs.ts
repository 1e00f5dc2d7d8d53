import {
  $getNodeByKey,
  $getRoot,
  $isElementNode,
  $isRootNode,
  HISTORIC_TAG,
  type EditorState,
  type ElementNode,
  type LexicalNode,
  type UpdateListenerPayload,
} from 'lexical';
import { isSameNodeVersion } from './lexical-internals';

type UpdateChanges = Pick<
  UpdateListenerPayload,
  'editorState' | 'prevEditorState' | 'dirtyElements' | 'dirtyLeaves' | 'tags'
>;

/** Whether the update changed anything at all. */
export function hasChanges({ dirtyElements, dirtyLeaves }: UpdateChanges): boolean {
  return dirtyElements.size > 0 || dirtyLeaves.size > 0;
}

/**
 * Undo, redo and other whole-state replacements mark only the root dirty, so their changed paragraphs must be
 * found by comparing states rather than read from the dirty nodes.
 */
export function isWholeStateReplacement({ dirtyElements, dirtyLeaves, tags }: UpdateChanges): boolean {
  return (
    tags.has(HISTORIC_TAG) ||
    (dirtyElements.size === 1 && dirtyElements.get('root') === false && dirtyLeaves.size === 0)
  );
}

function $differsFrom(previous: EditorState, next: EditorState) {
  const differs = (node: LexicalNode): boolean =>
    !isSameNodeVersion(previous, next, node.getKey()) ||
    ($isElementNode(node) && node.getChildren().some(differs));
  return differs;
}

/**
 * The paragraphs (top-level elements) of the document an update changed, in time proportional to the change:
 * Lexical's dirty elements include the parents of changed text, so a paragraph is dirty whenever anything in
 * it is. A whole-state replacement is compared paragraph by paragraph instead (unchanged nodes are the same
 * objects in both states). Call inside a read of `update.editorState`.
 */
export function $changedParagraphs(update: UpdateChanges): ElementNode[] {
  if (isWholeStateReplacement(update)) {
    const differs = $differsFrom(update.prevEditorState, update.editorState);
    return $getRoot()
      .getChildren()
      .filter((node): node is ElementNode => $isElementNode(node) && differs(node));
  }
  const paragraphs: ElementNode[] = [];
  for (const key of update.dirtyElements.keys()) {
    const node = $getNodeByKey(key);
    if ($isElementNode(node) && $isRootNode(node.getParent()) && node.isAttached()) paragraphs.push(node);
  }
  return paragraphs;
}
