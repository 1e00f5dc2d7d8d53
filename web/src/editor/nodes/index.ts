import { ParagraphNode, type Klass, type LexicalNode, type LexicalNodeReplacement } from 'lexical';
import { AssociationNode } from './association-node';
import { $createCustomParagraphNode, CustomParagraphNode } from './custom-paragraph-node';

export {
  $createCustomParagraphNode,
  $isCustomParagraphNode,
  CUSTOM_PARAGRAPH_TYPE,
  CustomParagraphNode,
  type SerializedCustomParagraphNode,
} from './custom-paragraph-node';
export { $exportParagraphJSON, $importParagraphJSON } from './paragraph-json';
export { newKeyId } from './key-id';
export { assertEditorHasNodes } from './require-nodes';

/**
 * Every node the chapter editor registers: the one list the editor, the headless tests and any future
 * server-side reader share. A new node (an inline association mention, say) is one more line here; the
 * paragraph keeps its children generic, so nothing else changes for it to be saved and loaded.
 */
export const EDITOR_NODES: ReadonlyArray<Klass<LexicalNode> | LexicalNodeReplacement> = [
  CustomParagraphNode,
  // Every paragraph Lexical makes (Enter, paste, splits, an empty document) becomes a keyed paragraph.
  { replace: ParagraphNode, with: () => $createCustomParagraphNode(), withKlass: CustomParagraphNode },
  AssociationNode,
];
