import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  COMMAND_PRIORITY_NORMAL,
  FORMAT_ELEMENT_COMMAND,
  FORMAT_TEXT_COMMAND,
  KEY_DOWN_COMMAND,
  type ElementFormatType,
} from 'lexical';
import { useEffect } from 'react';
import { SHORTCUTS, isMacPlatform, matchesCombo } from '../../../lib/keyboard-shortcuts';

const ALIGNMENT_SHORTCUTS: [keyof typeof SHORTCUTS, ElementFormatType][] = [
  ['alignLeft', 'left'],
  ['alignCenter', 'center'],
  ['alignRight', 'right'],
  ['justify', 'justify'],
];

/**
 * The formatting shortcuts Lexical lacks: strikethrough and the four alignments (bold, italic and underline
 * are Lexical's own). Taken before the browser's meaning of the keys (Ctrl+Shift+R reloads, for one).
 */
export function FormatShortcutsPlugin() {
  const [editor] = useLexicalComposerContext();

  useEffect(() => {
    const onMac = isMacPlatform();
    return editor.registerCommand(
      KEY_DOWN_COMMAND,
      (event) => {
        if (matchesCombo(event, SHORTCUTS.strikethrough.combo, onMac)) {
          event.preventDefault();
          return editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'strikethrough');
        }
        const alignment = ALIGNMENT_SHORTCUTS.find(([name]) =>
          matchesCombo(event, SHORTCUTS[name].combo, onMac),
        );
        if (!alignment) return false;
        event.preventDefault();
        return editor.dispatchCommand(FORMAT_ELEMENT_COMMAND, alignment[1]);
      },
      COMMAND_PRIORITY_NORMAL,
    );
  }, [editor]);

  return null;
}
