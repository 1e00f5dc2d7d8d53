import type { EditorState, LexicalEditor, NodeKey } from 'lexical';

/**
 * The only place the editor reads Lexical's private fields, which Lexical may rename in any release. Each use
 * is covered by `test/web/editor/lexical-internals.test.ts`, so an upgrade that breaks one fails there first.
 */

/**
 * Whether a node is the very same version in both states. Lexical copies a node on every write and shares
 * unchanged ones between states, so identity tells changed from unchanged without serialising anything.
 */
export function isSameNodeVersion(previous: EditorState, next: EditorState, key: NodeKey): boolean {
  return previous._nodeMap.get(key) === next._nodeMap.get(key);
}

/** The window the editor's root element lives in (null before it is mounted). */
export function editorWindow(editor: LexicalEditor): Window | null {
  return editor._window;
}
