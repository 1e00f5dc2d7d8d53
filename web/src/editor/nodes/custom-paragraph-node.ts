import {
  $applyNodeReplacement,
  ParagraphNode,
  type LexicalNode,
  type LexicalParseJSON,
  type NodeKey,
  type SerializedParagraphNode,
  type Spread,
} from 'lexical';
import { newKeyId } from './key-id';

export const CUSTOM_PARAGRAPH_TYPE = 'custom-paragraph';

/**
 * A saved paragraph (spec §3 Block): Lexical's paragraph JSON with the block's `key_id`. Children stay
 * generic, so inline nodes added later (association mentions) serialise through their own `exportJSON`.
 */
export type SerializedCustomParagraphNode = Spread<
  { type: typeof CUSTOM_PARAGRAPH_TYPE; key_id: string },
  SerializedParagraphNode
>;

/**
 * The chapter's paragraph: Lexical's paragraph plus the `key_id` that names its block on the server. It
 * replaces ParagraphNode everywhere (see the node registry), so Enter, paste and splits create keyed
 * paragraphs, each with a fresh key_id.
 */
export class CustomParagraphNode extends ParagraphNode {
  /** @internal */
  __keyId: string;

  static override getType(): string {
    return CUSTOM_PARAGRAPH_TYPE;
  }

  static override clone(node: CustomParagraphNode): CustomParagraphNode {
    return new CustomParagraphNode(node.__keyId, node.__key);
  }

  /** A paragraph saved without a key_id (by an older client) gets one, so every block can be saved. */
  static override importJSON(
    serializedNode: LexicalParseJSON<SerializedCustomParagraphNode>,
  ): CustomParagraphNode {
    const keyId =
      typeof serializedNode.key_id === 'string' && serializedNode.key_id !== ''
        ? serializedNode.key_id
        : undefined;
    return $createCustomParagraphNode(keyId).updateFromJSON(serializedNode);
  }

  constructor(keyId: string = newKeyId(), key?: NodeKey) {
    super(key);
    this.__keyId = keyId;
  }

  override exportJSON(): SerializedCustomParagraphNode {
    return {
      ...super.exportJSON(),
      type: CUSTOM_PARAGRAPH_TYPE,
      key_id: this.getKeyId(),
      version: 1,
    };
  }

  getKeyId(): string {
    return this.getLatest().__keyId;
  }

  /** Only for a paragraph that must not share its key_id with another (a copy made by a split or paste). */
  setKeyId(keyId: string): this {
    const writable = this.getWritable();
    writable.__keyId = keyId;
    return writable;
  }
}

export function $createCustomParagraphNode(keyId?: string): CustomParagraphNode {
  return $applyNodeReplacement(new CustomParagraphNode(keyId));
}

export function $isCustomParagraphNode(node: LexicalNode | null | undefined): node is CustomParagraphNode {
  return node instanceof CustomParagraphNode;
}
