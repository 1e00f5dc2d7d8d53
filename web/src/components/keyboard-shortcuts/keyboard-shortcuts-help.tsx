import { Suspense, useEffect, useState } from 'react';
import { SHORTCUTS, isMacPlatform, isTypingTarget, matchesCombo } from '../../lib/keyboard-shortcuts';
import { lazyComponent } from '../../lib/lazy-component';

// A dialog and a table most visits never show: downloaded when first asked for.
const KeyboardShortcutsDialog = lazyComponent(
  () => import('./keyboard-shortcuts-dialog'),
  'KeyboardShortcutsDialog',
);

const ON_MAC = isMacPlatform();

/** Asks the page's shortcuts help to open its dialog: the account menu's visible way to the list. */
const OPEN_SHORTCUTS_EVENT = 'loreweaver:open-keyboard-shortcuts';

export function openKeyboardShortcuts(): void {
  window.dispatchEvent(new Event(OPEN_SHORTCUTS_EVENT));
}

/**
 * Opens the 'Keyboard shortcuts' dialog with Ctrl+/ (Cmd+/ on a Mac) anywhere, '?' outside text fields, or
 * the account menu's 'Keyboard shortcuts'. The dialog is mounted from its first opening on.
 */
export function KeyboardShortcutsHelp() {
  const [dialog, setDialog] = useState<{ open: boolean } | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const asked =
        matchesCombo(event, SHORTCUTS.shortcuts.combo, ON_MAC) ||
        (event.key === '?' && !event.ctrlKey && !event.metaKey && !isTypingTarget(event.target));
      if (!asked) return;
      event.preventDefault();
      setDialog({ open: true });
    };
    const onOpenAsked = () => setDialog({ open: true });
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener(OPEN_SHORTCUTS_EVENT, onOpenAsked);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener(OPEN_SHORTCUTS_EVENT, onOpenAsked);
    };
  }, []);

  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <KeyboardShortcutsDialog open={dialog.open} onClose={() => setDialog({ open: false })} />
    </Suspense>
  );
}
