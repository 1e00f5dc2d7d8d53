import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getNodeByKey } from 'lexical';
import { useEffect } from 'react';
import { isSceneBreakText } from '../../../../../shared/scene-breaks';
import { $isCustomParagraphNode } from '../../nodes/custom-paragraph-node';

/** The class a scene break's paragraph wears: centred, spaced out, as the export will draw it. */
export const SCENE_BREAK_CLASS = 'lw-scene-break';

/**
 * Issue 27 §1: a paragraph holding only `***`, `#`, `* * *` or the like becomes a scene break in every export,
 * so the editor shows it as one. Only the paragraphs an update touched are looked at; the text stays the
 * author's, editable as any other.
 */
export function SceneBreakPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState, dirtyElements }) => {
        editorState.read(() => {
          for (const [key] of dirtyElements) {
            const node = $getNodeByKey(key);
            if (!$isCustomParagraphNode(node)) continue;
            editor
              .getElementByKey(key)
              ?.classList.toggle(SCENE_BREAK_CLASS, isSceneBreakText(node.getTextContent()));
          }
        });
      }),
    [editor],
  );
  return null;
}
