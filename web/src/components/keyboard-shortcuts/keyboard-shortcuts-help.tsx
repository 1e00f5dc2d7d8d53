import { Suspense, useEffect, useState } from 'react';
import { SHORTCUTS, isMacPlatform, isTypingTarget, matchesCombo } from '../../lib/keyboard-shortcuts';
import { lazyComponent } from '../../lib/lazy-component';

// A dialog and a table most visits never show: downloaded when first asked for.
const KeyboardShortcutsDialog = lazyComponent(
  () => import('./keyboard-shortcuts-dialog'),
  'KeyboardShortcutsDialog',
);

const ON_MAC = isMacPlatform();

/**
 * Opens the 'Keyboard shortcuts' dialog with Ctrl+/ (Cmd+/ on a Mac) anywhere, or '?' outside text fields.
 * The dialog is mounted from its first opening on.
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
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <KeyboardShortcutsDialog open={dialog.open} onClose={() => setDialog({ open: false })} />
    </Suspense>
  );
}
