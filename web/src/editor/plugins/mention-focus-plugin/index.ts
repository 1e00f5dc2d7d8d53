import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getRoot, type LexicalEditor } from 'lexical';
import { useEffect, useRef } from 'react';
import { ASSOCIATION_MENTION_CLASS } from '../../nodes/association-node';
import { $isCustomParagraphNode } from '../../nodes';

/**
 * A mention to show: the paragraph (by its block's key_id) and the association mentioned there; without an
 * association (a story-wide search's match), the paragraph itself is flashed.
 */
export interface MentionTarget {
  keyId: string;
  associationId?: string;
}

/** Set on the element while it flashes, so the page (and its tests) can tell what was pointed at. */
export const FLASHED_CLASS = 'lw-flashed';

const FLASH_KEYFRAMES: Keyframe[] = [
  { outline: '3px solid rgba(230, 145, 20, 0.95)', outlineOffset: '2px' },
  { outline: '3px solid rgba(230, 145, 20, 0)', outlineOffset: '2px' },
];
const FLASH_TIMING: KeyframeAnimationOptions = { duration: 900, iterations: 3, easing: 'ease-out' };

function flash(element: HTMLElement): void {
  element.classList.add(FLASHED_CLASS);
  const animation = element.animate(FLASH_KEYFRAMES, FLASH_TIMING);
  const done = () => element.classList.remove(FLASHED_CLASS);
  animation.addEventListener('finish', done);
  animation.addEventListener('cancel', done);
}

function paragraphElement(editor: LexicalEditor, keyId: string): HTMLElement | null {
  const nodeKey = editor.getEditorState().read(
    () =>
      $getRoot()
        .getChildren()
        .find((child) => $isCustomParagraphNode(child) && child.getKeyId() === keyId)
        ?.getKey() ?? null,
  );
  return nodeKey === null ? null : editor.getElementByKey(nodeKey);
}

function mentionElement(paragraph: HTMLElement, associationId: string): HTMLElement | null {
  return paragraph.querySelector<HTMLElement>(
    `.${ASSOCIATION_MENTION_CLASS}[data-association-id="${CSS.escape(associationId)}"]`,
  );
}

interface MentionFocusPluginProps {
  target: MentionTarget | null;
  /** Called once the paragraph has been scrolled to and its mention flashed. */
  onFocused: () => void;
}

/**
 * Scrolls the chapter to a paragraph and flashes the association's mention in it (or the paragraph): where a
 * click on an 'Appears in' snippet, on the Story Bible or on a search result lands. The chapter may still be loading and its mentions still
 * being detected (in slices, after the load), so it waits for the editor's updates: the paragraph is
 * scrolled to as soon as it is there, the mention flashed as soon as it is highlighted.
 */
export function MentionFocusPlugin({ target, onFocused }: MentionFocusPluginProps) {
  const [editor] = useLexicalComposerContext();
  const onFocusedRef = useRef(onFocused);

  useEffect(() => {
    onFocusedRef.current = onFocused;
  }, [onFocused]);

  const keyId = target?.keyId;
  const associationId = target?.associationId;
  useEffect(() => {
    if (keyId === undefined) return undefined;
    let scrolled = false;
    const tryFocus = (): boolean => {
      const paragraph = paragraphElement(editor, keyId);
      if (!paragraph) return false;
      if (!scrolled) {
        paragraph.scrollIntoView({ block: 'center' });
        scrolled = true;
      }
      const flashed = associationId === undefined ? paragraph : mentionElement(paragraph, associationId);
      if (!flashed) return false;
      flash(flashed);
      onFocusedRef.current();
      return true;
    };
    if (tryFocus()) return undefined;
    const unregister = editor.registerUpdateListener(() => {
      if (tryFocus()) unregister();
    });
    return unregister;
  }, [editor, keyId, associationId]);

  return null;
}
