import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useEffect, useRef } from 'react';
import { createWordCountReporter } from './word-count-reporter';
import { registerWordCounter } from './word-counter';

export { registerWordCounter } from './word-counter';

/**
 * Reports the chapter's live word count: at once for the loaded chapter, then whenever the author pauses (see
 * `createWordCountReporter`). On unmount (a chapter switch re-mounts the editor) a count still held back is
 * reported at once.
 */
export function WordCountPlugin({ onWordCountChange }: { onWordCountChange?: (words: number) => void }) {
  const [editor] = useLexicalComposerContext();
  const onWordCountRef = useRef(onWordCountChange);

  useEffect(() => {
    onWordCountRef.current = onWordCountChange;
  }, [onWordCountChange]);

  useEffect(() => {
    const reporter = createWordCountReporter((words) => onWordCountRef.current?.(words));
    const unregister = registerWordCounter(editor, (words) => reporter.update(words));
    return () => {
      unregister();
      reporter.flush();
    };
  }, [editor]);

  return null;
}
