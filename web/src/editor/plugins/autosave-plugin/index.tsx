import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useEffect, useRef } from 'react';
import type { AutosaveQueue } from '../../autosave';
import { CustomParagraphNode } from '../../nodes';
import { ParagraphTracker } from './paragraph-tracker';
import { createWordCountReporter } from './word-count-reporter';

interface AutosavePluginProps {
  queue: AutosaveQueue;
  onWordCountChange?: (words: number) => void;
}

/**
 * Feeds the author's changes to the chapter's autosave queue and reports the live word count (at once for the
 * loaded chapter, then whenever the author pauses: see `createWordCountReporter`). On unmount (a chapter switch
 * re-mounts the editor) it reports a count still held back and flushes the queue, which keeps retrying in the
 * background.
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
    const wordCount = createWordCountReporter((words) => onWordCountRef.current?.(words));
    const tracker = new ParagraphTracker(editor, queue, (words) => wordCount.update(words));
    const unregister = tracker.register();
    return () => {
      unregister();
      wordCount.flush();
      void queue.flush();
    };
  }, [editor, queue]);

  return null;
}
