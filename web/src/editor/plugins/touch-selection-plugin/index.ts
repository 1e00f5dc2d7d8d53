import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getNearestNodeFromDOMNode, $isTextNode, type LexicalEditor, type TextNode } from 'lexical';
import { useEffect } from 'react';
import { wordBoundsAt } from '../../../../../shared/text-normalisation';
import { LONG_PRESS_MS } from '../context-menu-plugin';

/** Spec §9: two touches within 300 ms are a double tap. */
export const DOUBLE_TAP_MS = 300;
const TAP_SLOP_PX = 10;

/** Selects the word around `offset` in `node`; false when the offset touches no word. */
export function $selectWordAt(node: TextNode, offset: number): boolean {
  const bounds = wordBoundsAt(node.getTextContent(), offset);
  if (!bounds) return false;
  node.select(bounds[0], bounds[1]);
  return true;
}

/** The text node and offset under a viewport point, if the point is on text. */
function domCaretAt(x: number, y: number): { node: Node; offset: number } | null {
  if (typeof document.caretPositionFromPoint === 'function') {
    const position = document.caretPositionFromPoint(x, y);
    return position ? { node: position.offsetNode, offset: position.offset } : null;
  }
  const range = document.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}

function placeCaretAt(editor: LexicalEditor, x: number, y: number, selectWord: boolean): boolean {
  const caret = domCaretAt(x, y);
  if (!caret || caret.node.nodeType !== Node.TEXT_NODE) return false;
  let handled = false;
  editor.update(() => {
    const node = $getNearestNodeFromDOMNode(caret.node);
    if (!$isTextNode(node)) return;
    const offset = Math.min(caret.offset, node.getTextContentSize());
    handled = selectWord ? $selectWordAt(node, offset) : (node.select(offset, offset), true);
  });
  return handled;
}

/**
 * Spec §2 pointer behaviours: a tap places the caret in the touched text, a double tap (or double click)
 * selects the word — without the trailing space some systems add. A press held for the context menu or a
 * finger that moved (scrolling) places nothing.
 */
export function TouchSelectionPlugin() {
  const [editor] = useLexicalComposerContext();

  useEffect(() => {
    let touchStart: { x: number; y: number; time: number } | null = null;
    let lastTap: { x: number; y: number; time: number } | null = null;

    const onTouchStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      touchStart =
        event.touches.length === 1 && touch
          ? { x: touch.clientX, y: touch.clientY, time: event.timeStamp }
          : null;
    };
    const onTouchEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      const start = touchStart;
      touchStart = null;
      if (!start || !touch) return;
      const moved = Math.hypot(touch.clientX - start.x, touch.clientY - start.y) > TAP_SLOP_PX;
      if (moved || event.timeStamp - start.time >= LONG_PRESS_MS) {
        lastTap = null;
        return;
      }
      const tap = { x: touch.clientX, y: touch.clientY, time: event.timeStamp };
      const isDoubleTap =
        lastTap !== null &&
        tap.time - lastTap.time <= DOUBLE_TAP_MS &&
        Math.hypot(tap.x - lastTap.x, tap.y - lastTap.y) <= TAP_SLOP_PX * 3;
      if (isDoubleTap) {
        // The browser's own handling of the second tap (zoom, or moving the caret) would undo the selection.
        if (placeCaretAt(editor, tap.x, tap.y, true)) event.preventDefault();
        lastTap = null;
      } else {
        placeCaretAt(editor, tap.x, tap.y, false);
        lastTap = tap;
      }
    };
    const onDoubleClick = (event: MouseEvent) => {
      placeCaretAt(editor, event.clientX, event.clientY, true);
    };

    return editor.registerRootListener((root, previousRoot) => {
      previousRoot?.removeEventListener('touchstart', onTouchStart);
      previousRoot?.removeEventListener('touchend', onTouchEnd);
      previousRoot?.removeEventListener('dblclick', onDoubleClick);
      root?.addEventListener('touchstart', onTouchStart, { passive: true });
      root?.addEventListener('touchend', onTouchEnd);
      root?.addEventListener('dblclick', onDoubleClick);
    });
  }, [editor]);

  return null;
}
