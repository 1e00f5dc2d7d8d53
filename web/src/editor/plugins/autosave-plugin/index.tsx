import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useEffect } from 'react';
import type { AutosaveQueue } from '../../autosave';
import { assertEditorHasNodes, CustomParagraphNode } from '../../nodes';
import { ParagraphTracker } from './paragraph-tracker';

/**
 * Feeds the author's changes to the chapter's autosave queue. On unmount (a chapter switch re-mounts the
 * editor) it flushes the queue, which keeps retrying in the background.
 */
export function AutosavePlugin({ queue }: { queue: AutosaveQueue }) {
  const [editor] = useLexicalComposerContext();

  useEffect(() => {
    assertEditorHasNodes(editor, [CustomParagraphNode], 'AutosavePlugin');
    const unregister = new ParagraphTracker(editor, queue).register();
    return () => {
      unregister();
      void queue.flush();
    };
  }, [editor, queue]);

  return null;
}
