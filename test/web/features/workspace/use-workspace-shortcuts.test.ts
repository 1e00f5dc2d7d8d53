import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  useWorkspaceShortcuts,
  type WorkspaceShortcutHandlers,
} from '../../../../web/src/features/workspace/hooks/use-workspace-shortcuts';

function renderShortcuts() {
  const handlers: WorkspaceShortcutHandlers = {
    newChapter: vi.fn(),
    nextChapter: vi.fn(),
    previousChapter: vi.fn(),
    focusMode: vi.fn(),
    associationPanel: vi.fn(),
    searchStory: vi.fn(),
    onEscape: vi.fn(),
  };
  renderHook(() => useWorkspaceShortcuts(handlers));
  return handlers;
}

/** Presses a key in a paragraph of the text, as the author would, and answers the event. */
function press(init: KeyboardEventInit): KeyboardEvent {
  const paragraph = document.createElement('p');
  document.body.append(paragraph);
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  paragraph.dispatchEvent(event);
  paragraph.remove();
  return event;
}

describe('the workspace shortcuts', () => {
  it('open the story search on Ctrl+Shift+F before the text sees the key', () => {
    const handlers = renderShortcuts();
    const reachedText = vi.fn();
    document.body.addEventListener('keydown', reachedText);

    const event = press({ key: 'F', code: 'KeyF', ctrlKey: true, shiftKey: true });

    document.body.removeEventListener('keydown', reachedText);
    expect(handlers.searchStory).toHaveBeenCalledOnce();
    expect(handlers.focusMode).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(true);
    expect(reachedText).not.toHaveBeenCalled();
  });

  it('leave Ctrl+F, the chapter find, to the editor', () => {
    const handlers = renderShortcuts();

    const event = press({ key: 'f', code: 'KeyF', ctrlKey: true });

    expect(handlers.searchStory).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });

  it('take a held-down shortcut once', () => {
    const handlers = renderShortcuts();

    press({ key: 'Enter', ctrlKey: true, shiftKey: true });
    press({ key: 'Enter', ctrlKey: true, shiftKey: true, repeat: true });

    expect(handlers.focusMode).toHaveBeenCalledOnce();
  });

  it('pass Esc on only when no dialog took it', () => {
    const handlers = renderShortcuts();
    press({ key: 'Escape' });
    const dialog = document.createElement('div');
    dialog.className = 'MuiModal-root';
    document.body.append(dialog);

    press({ key: 'Escape' });

    dialog.remove();
    expect(handlers.onEscape).toHaveBeenCalledOnce();
  });
});
