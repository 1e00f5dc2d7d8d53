import { describe, expect, it } from 'vitest';
import {
  SHORTCUTS,
  describeCombo,
  isTypingTarget,
  matchesCombo,
} from '../../../web/src/lib/keyboard-shortcuts';

const press = (
  key: string,
  modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
  code = '',
) => ({
  key,
  code,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

describe('keyboard shortcuts', () => {
  it('matches Ctrl on Windows and Linux, Cmd on a Mac, and not the other', () => {
    const bold = SHORTCUTS.bold.combo;

    expect(matchesCombo(press('b', { ctrlKey: true }), bold, false)).toBe(true);
    expect(matchesCombo(press('b', { metaKey: true }), bold, true)).toBe(true);
    expect(matchesCombo(press('b', { metaKey: true }), bold, false)).toBe(false);
    expect(matchesCombo(press('b', { ctrlKey: true }), bold, true)).toBe(false);
  });

  it('tells Ctrl+B from Ctrl+Shift+B and Ctrl+Alt+B', () => {
    const bold = SHORTCUTS.bold.combo;

    expect(matchesCombo(press('B', { ctrlKey: true, shiftKey: true }), bold, false)).toBe(false);
    expect(matchesCombo(press('b', { ctrlKey: true, altKey: true }), bold, false)).toBe(false);
    expect(
      matchesCombo(press('X', { ctrlKey: true, shiftKey: true }), SHORTCUTS.strikethrough.combo, false),
    ).toBe(true);
  });

  it('reads the letter from the physical key when Option changed the character on a Mac', () => {
    const optionShiftN = press('˜', { altKey: true, shiftKey: true }, 'KeyN');

    expect(matchesCombo(optionShiftN, SHORTCUTS.newChapter.combo, true)).toBe(true);
  });

  it('takes Ctrl+/ whether or not the layout needs Shift for the slash', () => {
    expect(matchesCombo(press('/', { ctrlKey: true }), SHORTCUTS.shortcuts.combo, false)).toBe(true);
    expect(
      matchesCombo(press('/', { ctrlKey: true, shiftKey: true }), SHORTCUTS.shortcuts.combo, false),
    ).toBe(true);
  });

  it('describes a combination for each platform', () => {
    expect(describeCombo(SHORTCUTS.focusMode.combo, false)).toBe('Ctrl+Shift+Enter');
    expect(describeCombo(SHORTCUTS.nextChapter.combo, false)).toBe('Alt+Shift+↓');
    expect(describeCombo(SHORTCUTS.strikethrough.combo, true)).toBe('⌘⇧X');
  });

  it('treats text fields and editable text as places where ? is typed', () => {
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const word = document.createElement('span');
    editable.append(word);

    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    expect(isTypingTarget(word)).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('gives every shortcut its own combination', () => {
    const combos = Object.values(SHORTCUTS).map(({ combo }) => describeCombo(combo, false));

    expect(new Set(combos).size).toBe(combos.length);
  });
});
