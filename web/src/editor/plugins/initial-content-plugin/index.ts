import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createTextNode, $getRoot, CLEAR_HISTORY_COMMAND, HISTORY_MERGE_TAG } from 'lexical';
import { useEffect, useRef } from 'react';
import type { StoredBlock } from '../../autosave';
import {
  $createCustomParagraphNode,
  assertEditorHasNodes,
  CustomParagraphNode,
  $importParagraphJSON,
  type SerializedCustomParagraphNode,
} from '../../nodes';
import { PROGRAMMATIC_LOAD_TAG } from '../autosave-plugin/paragraph-tracker';

/** A stored paragraph as an editor node; a chunk that is not JSON keeps its text rather than vanishing. */
export function $storedBlockParagraph(block: StoredBlock): CustomParagraphNode {
  let json: Partial<SerializedCustomParagraphNode> | null;
  try {
    json = JSON.parse(block.chunk) as Partial<SerializedCustomParagraphNode>;
  } catch {
    json = null;
  }
  return json
    ? $importParagraphJSON({ ...json, key_id: block.keyId })
    : $createCustomParagraphNode(block.keyId).append($createTextNode(block.chunk));
}

/** A stored paragraph into the editor, last. */
export function $appendStoredBlock(block: StoredBlock): void {
  $getRoot().append($storedBlockParagraph(block));
}

interface InitialContentPluginProps {
  blocks: StoredBlock[];
  onLoaded: () => void;
}

/**
 * Puts the loaded chapter into the editor, as a programmatic load (not saved, not undoable). It must be the
 * last plugin: effects run in order, so every other plugin has registered its node transforms on the still
 * empty editor. Registering a transform marks every existing node of its type dirty; on a loaded
 * 100,000-word chapter that would be a pass over the whole text at each mount.
 */
export function InitialContentPlugin({ blocks, onLoaded }: InitialContentPluginProps) {
  const [editor] = useLexicalComposerContext();
  const loaded = useRef(false);

  useEffect(() => {
    // The composer's editor lives as long as this component; a second run (Strict Mode) must not load twice.
    if (loaded.current) return;
    loaded.current = true;
    assertEditorHasNodes(editor, [CustomParagraphNode], 'InitialContentPlugin');
    editor.update(() => blocks.forEach($appendStoredBlock), {
      tag: [PROGRAMMATIC_LOAD_TAG, HISTORY_MERGE_TAG],
      discrete: true,
    });
    editor.dispatchCommand(CLEAR_HISTORY_COMMAND, undefined);
    onLoaded();
  }, [editor, blocks, onLoaded]);

  return null;
}
