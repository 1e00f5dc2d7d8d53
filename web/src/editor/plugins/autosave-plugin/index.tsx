import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useEffect, useRef } from 'react';
import type { AutosaveQueue } from '../../autosave';
import { CustomParagraphNode } from '../../nodes';
import { ParagraphTracker } from './paragraph-tracker';

interface AutosavePluginProps {
  queue: AutosaveQueue;
  onWordCountChange?: (words: number) => void;
}

/**
 * Feeds the author's changes to the chapter's autosave queue and reports the live word count. On unmount
 * (a chapter switch re-mounts the editor) it flushes the queue, which keeps retrying in the background.
 */
export function AutosavePlugin({ queue, onWordCountChange }: AutosavePluginProps) {
  const [editor] = useLexicalComposerContext();
  const onWordCountRef = useRef(onWordCountChange);

  useEffect(() => {
    onWordCountRef.current = onWordCountChange;
  }, [onWordCountChange]);

  useEffect(() => {
    if (!editor.hasNodes([CustomParagraphNode])) {
      throw new Error('AutosavePlugin: CustomParagraphNode is not registered on the editor.');
    }
    const tracker = new ParagraphTracker(editor, queue, (words) => onWordCountRef.current?.(words));
    const unregister = tracker.register();
    return () => {
      unregister();
      void queue.flush();
    };
  }, [editor, queue]);

  return null;
}
