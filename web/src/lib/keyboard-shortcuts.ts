/**
 * The writing room's keyboard shortcuts, defined once: the handlers match key presses against them and the
 * 'Keyboard shortcuts' dialog lists them. `mod` is Cmd on a Mac and Ctrl elsewhere.
 */
export interface KeyCombo {
  /** `KeyboardEvent.key`, lower-case for letters ('b', '/', 'enter', 'arrowdown'). */
  key: string;
  mod?: boolean;
  shift?: boolean;
  alt?: boolean;
}

export interface ShortcutDefinition {
  /** What it does, as the dialog lists it. */
  label: string;
  combo: KeyCombo;
  /** Where it works. */
  scope: 'editor' | 'workspace' | 'everywhere';
}

export const SHORTCUTS = {
  bold: { label: 'Bold', combo: { key: 'b', mod: true }, scope: 'editor' },
  italic: { label: 'Italic', combo: { key: 'i', mod: true }, scope: 'editor' },
  underline: { label: 'Underline', combo: { key: 'u', mod: true }, scope: 'editor' },
  strikethrough: { label: 'Strikethrough', combo: { key: 'x', mod: true, shift: true }, scope: 'editor' },
  alignLeft: { label: 'Align left', combo: { key: 'l', mod: true, shift: true }, scope: 'editor' },
  alignCenter: { label: 'Align center', combo: { key: 'e', mod: true, shift: true }, scope: 'editor' },
  alignRight: { label: 'Align right', combo: { key: 'r', mod: true, shift: true }, scope: 'editor' },
  justify: { label: 'Justify', combo: { key: 'j', mod: true, shift: true }, scope: 'editor' },
  addToStoryBible: {
    label: 'Add the selected name to the story bible',
    combo: { key: 'b', alt: true, shift: true },
    scope: 'editor',
  },
  find: { label: 'Find in the chapter', combo: { key: 'f', mod: true }, scope: 'editor' },
  replace: { label: 'Find and replace in the chapter', combo: { key: 'h', mod: true }, scope: 'editor' },
  searchStory: {
    label: 'Search the whole story',
    combo: { key: 'f', mod: true, shift: true },
    scope: 'workspace',
  },
  newChapter: { label: 'New chapter', combo: { key: 'n', alt: true, shift: true }, scope: 'workspace' },
  nextChapter: {
    label: 'Next chapter',
    combo: { key: 'arrowdown', alt: true, shift: true },
    scope: 'workspace',
  },
  previousChapter: {
    label: 'Previous chapter',
    combo: { key: 'arrowup', alt: true, shift: true },
    scope: 'workspace',
  },
  focusMode: { label: 'Focus mode', combo: { key: 'enter', mod: true, shift: true }, scope: 'workspace' },
  associationPanel: {
    label: 'Association panel (the one at the caret)',
    combo: { key: 'a', alt: true, shift: true },
    scope: 'workspace',
  },
  shortcuts: { label: 'Keyboard shortcuts', combo: { key: '/', mod: true }, scope: 'everywhere' },
} as const satisfies Record<string, ShortcutDefinition>;

export type ShortcutName = keyof typeof SHORTCUTS;

/** Keys typed with Shift on some layouts ('/' is Shift+7 on a German keyboard): Shift is not part of them. */
const SYMBOL_KEY = /^[^a-z0-9]$/;

/** The key a press names: its letter from the physical key when Alt changed it (Option+Shift+N is '˜' on a Mac). */
function pressedKey(event: Pick<KeyboardEvent, 'key' | 'code' | 'altKey'>): string {
  const letter = /^Key([A-Z])$/.exec(event.code)?.[1];
  if (event.altKey && letter) return letter.toLowerCase();
  return event.key.toLowerCase();
}

type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey'>;

/** Whether a key press is the combination; `onMac` decides whether `mod` is Cmd or Ctrl. */
export function matchesCombo(event: KeyPress, combo: KeyCombo, onMac: boolean): boolean {
  const mod = onMac ? event.metaKey : event.ctrlKey;
  const otherMod = onMac ? event.ctrlKey : event.metaKey;
  if (mod !== (combo.mod ?? false) || otherMod) return false;
  if (event.altKey !== (combo.alt ?? false)) return false;
  if (!SYMBOL_KEY.test(combo.key) && event.shiftKey !== (combo.shift ?? false)) return false;
  return pressedKey(event) === combo.key;
}

/** The combination as the dialog and tooltips show it: 'Ctrl+Shift+X', or '⌘⇧X' on a Mac. */
export function describeCombo(combo: KeyCombo, onMac: boolean): string {
  const names: Record<string, string> = { arrowdown: '↓', arrowup: '↑', enter: 'Enter' };
  const key = names[combo.key] ?? combo.key.toUpperCase();
  if (onMac) {
    return `${combo.mod ? '⌘' : ''}${combo.alt ? '⌥' : ''}${combo.shift ? '⇧' : ''}${key}`;
  }
  return [combo.mod && 'Ctrl', combo.alt && 'Alt', combo.shift && 'Shift', key].filter(Boolean).join('+');
}

/** Whether this browser runs on a Mac (or an iPad with a keyboard), where Cmd takes Ctrl's place. */
export function isMacPlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
}

/** Whether a key press lands in a field the author types in, where '?' is a character, not a command. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest('[contenteditable="true"]') !== null ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
  );
}
