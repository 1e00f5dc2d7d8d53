import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  $createRangeSelectionFromDom,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $isTextNode,
  $setSelection,
  COMMAND_PRIORITY_CRITICAL,
  getDOMSelection,
  isSelectionWithinEditor,
  KEY_DOWN_COMMAND,
  type LexicalEditor,
} from 'lexical';
import { useEffect } from 'react';
import { editorWindow } from '../../lexical-internals';

/**
 * Takes the browser's caret into the editor's selection when they disagree at a keystroke. Lexical learns
 * of a caret the browser moved (a click, Ctrl+End) from `selectionchange`, which arrives a task later; a key
 * Lexical handles on keydown (Enter, Backspace, Delete, Tab) that gets in first would otherwise act at the
 * old caret, splitting or deleting text where the author no longer is.
 */
function $syncSelectionFromDom(editor: LexicalEditor): void {
  const current = $getSelection();
  if (!$isRangeSelection(current)) return;
  const domSelection = getDOMSelection(editorWindow(editor));
  if (!domSelection || !isSelectionWithinEditor(editor, domSelection.anchorNode, domSelection.focusNode)) {
    return;
  }
  const browser = $createRangeSelectionFromDom(domSelection, editor);
  if (!browser || (browser.anchor.is(current.anchor) && browser.focus.is(current.focus))) return;
  // As Lexical does on selectionchange: a caret still in the same node keeps a format toggled for the next
  // character (Ctrl+B, then typing); a caret in another node takes that node's format.
  const anchorNode = browser.anchor.getNode();
  if (browser.anchor.key === current.anchor.key) {
    browser.format = current.format;
    browser.style = current.style;
  } else if ($isTextNode(anchorNode)) {
    browser.format = anchorNode.getFormat();
    browser.style = anchorNode.getStyle();
  } else if ($isElementNode(anchorNode)) {
    browser.format = anchorNode.getTextFormat();
    browser.style = anchorNode.getTextStyle();
  }
  $setSelection(browser);
}

export function registerSelectionSync(editor: LexicalEditor): () => void {
  return editor.registerCommand(
    KEY_DOWN_COMMAND,
    () => {
      $syncSelectionFromDom(editor);
      return false;
    },
    COMMAND_PRIORITY_CRITICAL,
  );
}

export function SelectionSyncPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(() => registerSelectionSync(editor), [editor]);
  return null;
}
