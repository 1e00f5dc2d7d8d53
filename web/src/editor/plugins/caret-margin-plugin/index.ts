import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getSelection, $isRangeSelection } from 'lexical';
import { useEffect } from 'react';
import { keepCaretAboveBottom } from '../../caret-scrolling';
import { PROGRAMMATIC_LOAD_TAG } from '../autosave-plugin/paragraph-tracker';

/** The share of the manuscript's height kept free below the caret while writing. */
const CARET_BOTTOM_MARGIN = 0.3;

/**
 * While the author writes, the caret stays a third of the manuscript's height above its bottom edge (the
 * manuscript's bottom padding leaves room to scroll at the end of a chapter). Only edits move the page: a
 * click near the bottom does not scroll the text from under the pointer.
 */
export function CaretMarginPlugin() {
  const [editor] = useLexicalComposerContext();

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves, tags }) => {
        if (tags.has(PROGRAMMATIC_LOAD_TAG) || (dirtyElements.size === 0 && dirtyLeaves.size === 0)) return;
        const root = editor.getRootElement();
        if (!root || !root.contains(document.activeElement)) return;
        const collapsed = editorState.read(() => {
          const selection = $getSelection();
          return $isRangeSelection(selection) && selection.isCollapsed();
        });
        if (collapsed) keepCaretAboveBottom(root, CARET_BOTTOM_MARGIN);
      }),
    [editor],
  );

  return null;
}
