import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getSelection, $isRangeSelection, TextNode } from 'lexical';
import { useEffect } from 'react';
import { needsNormalisation, normaliseText } from '../../../../../shared/text-normalisation';

/**
 * Spec §5 while typing: '--' becomes an em dash and curly quotes become straight ones, in the text node just
 * changed (a node transform runs only on dirty nodes). The caret keeps its place relative to the text. Text
 * still being composed by an input method is left alone until the composition ends.
 */
export function $normaliseTextNode(node: TextNode): void {
  if (!node.isSimpleText() || node.isComposing()) return;
  const text = node.getTextContent();
  if (!needsNormalisation(text)) return;
  const { text: normalised, mapOffset } = normaliseText(text);
  const writable = node.setTextContent(normalised);
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  for (const point of [selection.anchor, selection.focus]) {
    if (point.type === 'text' && point.key === writable.getKey()) {
      point.set(point.key, mapOffset(point.offset), 'text');
    }
  }
}

export function NormalisationPlugin() {
  const [editor] = useLexicalComposerContext();

  useEffect(() => editor.registerNodeTransform(TextNode, $normaliseTextNode), [editor]);

  return null;
}
