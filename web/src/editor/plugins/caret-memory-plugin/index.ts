import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useEffect, useRef } from 'react';
import { isTypingTarget } from '../../../lib/keyboard-shortcuts';
import { centreCaret } from '../../caret-scrolling';
import { $placeCaret, readRememberedCaret, registerCaretRecorder } from './caret-memory';

interface CaretMemoryPluginProps {
  storyId: string;
  chapterId: string;
  /** Whether the loaded content is shown: a hidden editor cannot take focus. */
  contentShown: boolean;
}

/**
 * Opening a chapter puts the caret where the author last was in it (kept per chapter in this browser's
 * localStorage), scrolled to the middle of the manuscript; a chapter never opened here puts it at the end of
 * the text, where writing usually goes on.
 */
export function CaretMemoryPlugin({ storyId, chapterId, contentShown }: CaretMemoryPluginProps) {
  const [editor] = useLexicalComposerContext();
  const placed = useRef(false);

  useEffect(() => {
    if (!contentShown || placed.current) return;
    placed.current = true;
    editor.update(() => $placeCaret(readRememberedCaret(localStorage, storyId, chapterId)), {
      discrete: true,
    });
    // An author who started typing elsewhere while the chapter loaded (its title, the search box) keeps the
    // focus: taking it would end that edit under their fingers.
    const focused = document.activeElement;
    if (isTypingTarget(focused) && !editor.getRootElement()?.contains(focused)) return;
    editor.focus(() => {
      const root = editor.getRootElement();
      if (root) centreCaret(root);
    });
  }, [editor, storyId, chapterId, contentShown]);

  useEffect(
    () =>
      registerCaretRecorder(editor, {
        storage: localStorage,
        storyId,
        chapterId,
        isPlaced: () => placed.current,
      }),
    [editor, storyId, chapterId],
  );

  return null;
}
