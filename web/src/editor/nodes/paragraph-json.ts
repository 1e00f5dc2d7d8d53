import {
  $createTextNode,
  $isElementNode,
  $parseSerializedNode,
  type LexicalNode,
  type SerializedLexicalNode,
} from 'lexical';
import {
  $createCustomParagraphNode,
  type CustomParagraphNode,
  type SerializedCustomParagraphNode,
} from './custom-paragraph-node';

/** A node's JSON with its children, as Lexical writes a document, but for one subtree. */
function $exportNodeWithChildren(node: LexicalNode): SerializedLexicalNode {
  const json = node.exportJSON() as SerializedLexicalNode & { children?: SerializedLexicalNode[] };
  if ($isElementNode(node)) json.children = node.getChildren().map($exportNodeWithChildren);
  return json;
}

/**
 * One paragraph as a block's chunk (spec §3): every formatting bit of its text runs and its alignment kept.
 * Serialises only this paragraph, so saving costs the size of the change, not of the chapter.
 */
export function $exportParagraphJSON(paragraph: CustomParagraphNode): SerializedCustomParagraphNode {
  return $exportNodeWithChildren(paragraph) as SerializedCustomParagraphNode;
}

/** The text of an inline node this editor cannot read, so an unknown node degrades to its words, not to nothing. */
function $fallbackTextNode(json: SerializedLexicalNode): LexicalNode | null {
  const { text, format } = json as { text?: unknown; format?: unknown };
  if (typeof text !== 'string' || text === '') return null;
  const node = $createTextNode(text);
  if (typeof format === 'number') node.setFormat(format);
  return node;
}

/**
 * A saved paragraph back into the editor. Tolerant, because a chapter must always open: a child of a type this
 * editor does not register (saved by a newer client) keeps its text as plain text.
 */
export function $importParagraphJSON(json: Partial<SerializedCustomParagraphNode>): CustomParagraphNode {
  const { children = [], ...paragraphFields } = json;
  // Lexical substitutes its defaults for missing or out-of-domain fields, so a damaged chunk still opens.
  const paragraph = $createCustomParagraphNode(json.key_id || undefined).updateFromJSON(paragraphFields);
  for (const child of children) {
    let node: LexicalNode | null;
    try {
      node = $parseSerializedNode(child);
    } catch {
      node = $fallbackTextNode(child);
    }
    if (node) paragraph.append(node);
  }
  return paragraph;
}
