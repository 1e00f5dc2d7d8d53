import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getSelection, $isRangeSelection, type EditorState, type NodeKey } from 'lexical';
import { useEffect } from 'react';

/** The class of the paragraph the caret is in; focus mode's dimming leaves it at full strength. */
export const CURRENT_PARAGRAPH_CLASS = 'lw-current';

/** Where typewriter scrolling holds the caret line: a little above the middle, as the eye rests there. */
const CARET_HEIGHT_FRACTION = 0.45;
/** Moves smaller than this are left alone, so a caret moving within its line does not jiggle the page. */
const SCROLL_TOLERANCE_PX = 4;

function scrollParentOf(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === 'auto' || overflowY === 'scroll') return parent;
  }
  return null;
}

/** The caret's on-screen box: the selection's, or its paragraph's when empty lines give the range none. */
function caretRect(paragraph: HTMLElement): DOMRect {
  const selection = window.getSelection();
  if (selection && selection.rangeCount > 0) {
    const rect = selection.getRangeAt(0).getBoundingClientRect();
    if (rect.height > 0) return rect;
  }
  return paragraph.getBoundingClientRect();
}

/** The top-level element (paragraph) holding the caret in `editorState`, if the editor has a caret. */
function caretParagraphKey(editorState: EditorState): NodeKey | undefined {
  return editorState.read(() => {
    const selection = $getSelection();
    return $isRangeSelection(selection)
      ? selection.focus.getNode().getTopLevelElement()?.getKey()
      : undefined;
  });
}

/**
 * Focus mode's help with the text (the workspace hides the chrome): marks the paragraph being written, for
 * the dimming of the others, and keeps the caret line near the middle of the window (typewriter scrolling).
 * The mark follows the caret from the moment it is placed (a click, the caret restored on opening, a
 * selection change) and is set as soon as the plugin runs, not at the next keystroke; it does not depend on
 * typewriter scrolling, so entering focus mode keeps it.
 */
export function FocusModePlugin({ typewriter }: { typewriter: boolean }) {
  const [editor] = useLexicalComposerContext();

  useEffect(() => {
    let current: HTMLElement | null = null;
    const markCaretParagraph = (editorState: EditorState) => {
      const key = caretParagraphKey(editorState);
      const paragraph = key === undefined ? null : editor.getElementByKey(key);
      if (paragraph === current) return;
      current?.classList.remove(CURRENT_PARAGRAPH_CLASS);
      paragraph?.classList.add(CURRENT_PARAGRAPH_CLASS);
      current = paragraph;
    };
    markCaretParagraph(editor.getEditorState());
    const unregister = editor.registerUpdateListener(({ editorState }) => markCaretParagraph(editorState));
    return () => {
      unregister();
      current?.classList.remove(CURRENT_PARAGRAPH_CLASS);
    };
  }, [editor]);

  useEffect(() => {
    if (!typewriter) return undefined;
    return editor.registerUpdateListener(({ editorState }) => {
      const key = caretParagraphKey(editorState);
      const paragraph = key === undefined ? null : editor.getElementByKey(key);
      const root = editor.getRootElement();
      if (!paragraph || !root || document.activeElement !== root) return;
      const container = scrollParentOf(root);
      if (!container) return;
      const bounds = container.getBoundingClientRect();
      const offset = caretRect(paragraph).top - (bounds.top + bounds.height * CARET_HEIGHT_FRACTION);
      if (Math.abs(offset) > SCROLL_TOLERANCE_PX) container.scrollTop += offset;
    });
  }, [editor, typewriter]);

  return null;
}
