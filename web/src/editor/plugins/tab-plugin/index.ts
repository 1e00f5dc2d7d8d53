import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { COMMAND_PRIORITY_NORMAL, INSERT_TAB_COMMAND, KEY_TAB_COMMAND } from 'lexical';
import { useEffect } from 'react';

/**
 * Spec §2: Tab inserts a tab character at the caret (manuscripts indent with tabs), instead of moving focus.
 * Tab with a modifier is left to the browser, so keyboard users can still leave the editor (Shift+Tab).
 */
export function TabPlugin() {
  const [editor] = useLexicalComposerContext();

  useEffect(
    () =>
      editor.registerCommand(
        KEY_TAB_COMMAND,
        (event) => {
          if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
          event.preventDefault();
          return editor.dispatchCommand(INSERT_TAB_COMMAND, undefined);
        },
        COMMAND_PRIORITY_NORMAL,
      ),
    [editor],
  );

  return null;
}
