import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  $createTabNode,
  $getSelection,
  $isRangeSelection,
  $isTabNode,
  COMMAND_PRIORITY_NORMAL,
  INSERT_PARAGRAPH_COMMAND,
} from 'lexical';
import { useEffect, useRef } from 'react';

/**
 * Splits the paragraph at the caret, as Enter does, and starts the paragraph the author continues in with a
 * tab unless it already starts with one. Returns false when there is no caret to act on.
 */
export function $insertParagraphWithAutotab(): boolean {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return false;
  selection.insertParagraph();
  const caret = $getSelection();
  if (!$isRangeSelection(caret) || !caret.isCollapsed()) return true;
  const anchorNode = caret.anchor.getNode();
  const paragraph = anchorNode.getTopLevelElement();
  if (!paragraph || $isTabNode(paragraph.getFirstChild())) return true;
  const atParagraphStart =
    caret.anchor.offset === 0 && (anchorNode === paragraph || anchorNode === paragraph.getFirstDescendant());
  if (atParagraphStart) caret.insertNodes([$createTabNode()]);
  return true;
}

/** Spec §4 autotab: with the document setting on, a new paragraph (Enter) starts with a tab. */
export function AutotabPlugin({ enabled }: { enabled: boolean }) {
  const [editor] = useLexicalComposerContext();
  const enabledRef = useRef(enabled);

  useEffect(() => {
    enabledRef.current = enabled;
  }, [enabled]);

  useEffect(
    () =>
      editor.registerCommand(
        INSERT_PARAGRAPH_COMMAND,
        () => enabledRef.current && $insertParagraphWithAutotab(),
        COMMAND_PRIORITY_NORMAL,
      ),
    [editor],
  );

  return null;
}
