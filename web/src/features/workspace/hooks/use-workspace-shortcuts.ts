import { useEffect, useRef } from 'react';
import { SHORTCUTS, isMacPlatform, matchesCombo, type ShortcutName } from '../../../lib/keyboard-shortcuts';

type WorkspaceShortcut = Extract<
  ShortcutName,
  'newChapter' | 'nextChapter' | 'previousChapter' | 'focusMode' | 'associationPanel' | 'searchStory'
>;

export type WorkspaceShortcutHandlers = Record<WorkspaceShortcut, () => void> & {
  /** Esc, when no dialog, menu or panel took it first. */
  onEscape: () => void;
};

const WORKSPACE_SHORTCUTS: WorkspaceShortcut[] = [
  'newChapter',
  'nextChapter',
  'previousChapter',
  'focusMode',
  'associationPanel',
  'searchStory',
];

/** Something above the page that Esc belongs to: a dialog, a menu, a drawer. */
function overlayOpen(): boolean {
  return document.querySelector('.MuiModal-root:not(.MuiModal-hidden), [role="menu"]') !== null;
}

/**
 * The workspace's shortcuts, anywhere on the page, the chapter text included. They are taken in the capture
 * phase, before the editor sees them, so Ctrl+Shift+Enter never also splits a paragraph.
 */
export function useWorkspaceShortcuts(handlers: WorkspaceShortcutHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const onMac = isMacPlatform();
    const onKeyDown = (event: KeyboardEvent) => {
      const name = WORKSPACE_SHORTCUTS.find((candidate) =>
        matchesCombo(event, SHORTCUTS[candidate].combo, onMac),
      );
      if (!name || event.repeat) return;
      event.preventDefault();
      event.stopPropagation();
      latest.current[name]();
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || overlayOpen()) return;
      latest.current.onEscape();
    };
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keydown', onEscape);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keydown', onEscape);
    };
  }, []);
}
