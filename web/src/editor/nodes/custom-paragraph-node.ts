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
  {
    type: typeof CUSTOM_PARAGRAPH_TYPE;
    key_id: string;
    /** On this device's version of a paragraph both devices changed in the same words: the other's key_id. */
    conflict_of?: string;
  },
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
  /** @internal */
  __conflictOf: string | null = null;

  static override getType(): string {
    return CUSTOM_PARAGRAPH_TYPE;
  }

  static override clone(node: CustomParagraphNode): CustomParagraphNode {
    return new CustomParagraphNode(node.__keyId, node.__key);
  }

  override afterCloneFrom(previous: this): void {
    super.afterCloneFrom(previous);
    this.__conflictOf = previous.__conflictOf;
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

  /** Every way a stored paragraph comes in (a load, a paste, a version restored) keeps its `conflict_of`. */
  override updateFromJSON(serializedNode: LexicalParseJSON<SerializedCustomParagraphNode>): this {
    const conflictOf = serializedNode.conflict_of;
    return super
      .updateFromJSON(serializedNode)
      .setConflictOf(typeof conflictOf === 'string' && conflictOf !== '' ? conflictOf : null);
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
      ...(this.getConflictOf() === null ? {} : { conflict_of: this.getConflictOf()! }),
      version: 1,
    };
  }

  /** The key_id of the other device's version, while this paragraph is the conflicted copy of it. */
  getConflictOf(): string | null {
    return this.getLatest().__conflictOf;
  }

  setConflictOf(keyId: string | null): this {
    const writable = this.getWritable();
    writable.__conflictOf = keyId;
    return writable;
  }

  getKeyId(): string {
    return this.getLatest().__keyId;
  }

  /**
   * Only for a paragraph that must not share its key_id with another (a copy made by a split or paste). Such a
   * copy is not a conflict to settle either, even when made of one.
   */
  setKeyId(keyId: string): this {
    const writable = this.getWritable();
    writable.__keyId = keyId;
    writable.__conflictOf = null;
    return writable;
  }
}

export function $createCustomParagraphNode(keyId?: string): CustomParagraphNode {
  return $applyNodeReplacement(new CustomParagraphNode(keyId));
}

export function $isCustomParagraphNode(node: LexicalNode | null | undefined): node is CustomParagraphNode {
  return node instanceof CustomParagraphNode;
}
