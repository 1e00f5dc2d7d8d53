import {
  $getRoot,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $isTextNode,
  type EditorState,
  type ElementNode,
  type LexicalEditor,
  type LexicalNode,
  type PointType,
} from 'lexical';
import { $isCustomParagraphNode } from '../../nodes';
import { PROGRAMMATIC_LOAD_TAG } from '../autosave-plugin/paragraph-tracker';
import { rememberLastEditedChapter } from './last-edited-chapter';

/**
 * Where the author's caret was in a chapter: the paragraph (by its block's key_id, which survives reloads and
 * other devices' edits) and the offset in that paragraph's text.
 */
export interface RememberedCaret {
  keyId: string;
  offset: number;
}

const STORAGE_PREFIX = 'loreweaver:caret:';

export function caretStorageKey(storyId: string, chapterId: string): string {
  return `${STORAGE_PREFIX}${storyId}:${chapterId}`;
}

/** The caret kept for a chapter; null when it was never opened here, or what is kept cannot be read. */
export function readRememberedCaret(
  storage: Storage,
  storyId: string,
  chapterId: string,
): RememberedCaret | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(caretStorageKey(storyId, chapterId)) ?? 'null');
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { keyId, offset } = parsed as Record<string, unknown>;
  if (typeof keyId !== 'string' || typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) {
    return null;
  }
  return { keyId, offset };
}

/** Keeps the caret; a full or refused storage only loses the convenience, never the text. */
export function rememberCaret(
  storage: Storage,
  storyId: string,
  chapterId: string,
  caret: RememberedCaret,
): void {
  try {
    storage.setItem(caretStorageKey(storyId, chapterId), JSON.stringify(caret));
  } catch {
    // Quota exceeded or storage disabled: the next open puts the caret at the end instead.
  }
}

/** Characters of text before `child` inside `parent`. */
function textLengthBefore(parent: ElementNode, childIndex: number): number {
  return parent
    .getChildren()
    .slice(0, childIndex)
    .reduce((length, child) => length + child.getTextContentSize(), 0);
}

/** The offset of a selection point in its paragraph's text, with the paragraph's key_id. */
function $caretOfPoint(point: PointType): RememberedCaret | null {
  const node = point.getNode();
  const paragraph = $isCustomParagraphNode(node) ? node : node.getParents().find($isCustomParagraphNode);
  if (!paragraph) return null;
  // The point's own offset counts characters in a text node, children in an element.
  let offset = $isTextNode(node)
    ? point.offset
    : $isElementNode(node)
      ? textLengthBefore(node, point.offset)
      : 0;
  // Then the text before it: its earlier siblings, and each enclosing element's earlier siblings.
  for (let child: LexicalNode = node; !child.is(paragraph); child = child.getParentOrThrow()) {
    offset += textLengthBefore(child.getParentOrThrow(), child.getIndexWithinParent());
  }
  return { keyId: paragraph.getKeyId(), offset };
}

/** The caret (the selection's focus) as it should be remembered; null without a range selection. */
export function $currentCaret(): RememberedCaret | null {
  const selection = $getSelection();
  return $isRangeSelection(selection) ? $caretOfPoint(selection.focus) : null;
}

/**
 * Puts the caret where it was remembered, or at the end of the text when the paragraph is gone or nothing was
 * remembered. An offset past the paragraph's (shortened) text lands at its end.
 */
export function $placeCaret(remembered: RememberedCaret | null): void {
  const root = $getRoot();
  const paragraph = remembered
    ? root
        .getChildren()
        .find((child) => $isCustomParagraphNode(child) && child.getKeyId() === remembered.keyId)
    : undefined;
  if (!remembered || !$isCustomParagraphNode(paragraph)) {
    root.selectEnd();
    return;
  }
  let start = 0;
  for (const text of paragraph.getAllTextNodes()) {
    const end = start + text.getTextContentSize();
    if (remembered.offset <= end) {
      text.select(remembered.offset - start, remembered.offset - start);
      return;
    }
    start = end;
  }
  paragraph.selectEnd();
}

/** How often, at most, a moving caret is written down: a keystroke then costs no storage write of its own. */
export const CARET_WRITE_INTERVAL_MS = 1_000;

export interface CaretRecorderOptions {
  storage: Storage;
  storyId: string;
  chapterId: string;
  /** Whether the editor's caret is the author's yet (not before it was placed at opening). */
  isPlaced: () => boolean;
}

/**
 * Remembers the caret of the editor's updates: written at most once per `CARET_WRITE_INTERVAL_MS` while it moves,
 * and at once when the page is hidden or closed and when unregistered (the editor unmounting). The caret is read
 * from the latest state only when written. The first change of the text since the chapter opened makes it the
 * story's last edited chapter (compared once per opening, so typing costs nothing more). Returns the unregister
 * function.
 */
export function registerCaretRecorder(
  editor: LexicalEditor,
  { storage, storyId, chapterId, isPlaced }: CaretRecorderOptions,
): () => void {
  let written: RememberedCaret | null = null;
  let latest: EditorState | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let edited = false;

  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const state = latest;
    latest = null;
    const caret = state?.read($currentCaret);
    if (!caret || (written && written.keyId === caret.keyId && written.offset === caret.offset)) return;
    written = caret;
    rememberCaret(storage, storyId, chapterId, caret);
  };

  const unregisterUpdates = editor.registerUpdateListener(({ editorState, prevEditorState, tags }) => {
    if (!isPlaced()) return;
    if (!edited && !tags.has(PROGRAMMATIC_LOAD_TAG) && editorState !== prevEditorState) {
      const text = () => $getRoot().getTextContent();
      edited = editorState.read(text) !== prevEditorState.read(text);
      if (edited) rememberLastEditedChapter(storage, storyId, chapterId);
    }
    latest = editorState;
    timer ??= setTimeout(write, CARET_WRITE_INTERVAL_MS);
  });
  // 'pagehide' covers reloads and closed tabs; 'visibilitychange' a tab switched away from, which a phone
  // may then discard without any further event.
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') write();
  };
  window.addEventListener('pagehide', write);
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    unregisterUpdates();
    window.removeEventListener('pagehide', write);
    document.removeEventListener('visibilitychange', onVisibilityChange);
    write();
  };
}
