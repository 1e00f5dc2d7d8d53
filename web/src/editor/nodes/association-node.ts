import {
  $applyNodeReplacement,
  TextNode,
  type EditorConfig,
  type LexicalNode,
  type LexicalParseJSON,
  type NodeKey,
  type SerializedTextNode,
  type Spread,
} from 'lexical';
import {
  AssociationTypeSchema,
  type AssociationNodeFields,
  type AssociationType,
} from '../../../../shared/schemas/associations';

export const ASSOCIATION_NODE_TYPE = 'association';

/** Class names on every mention's element; the mention plugin's styles give them their look per type. */
export const ASSOCIATION_MENTION_CLASS = 'lw-association';

/**
 * A mention as saved inside its paragraph's chunk (spec §3 Inline association node): Lexical's text-run JSON
 * (text, format, style) plus what the mention shows without the association list at hand.
 */
export type SerializedAssociationNode = Spread<
  {
    type: typeof ASSOCIATION_NODE_TYPE;
    associationId: string;
    shortDescription: string;
    associationType: AssociationType;
    portrait: string;
  },
  SerializedTextNode
>;

/** What a mention carries besides its text and format: the association it names, as last seen. */
export type AssociationMentionFields = Omit<AssociationNodeFields, 'text' | 'format'>;

/**
 * A whole-word mention of an association in the text (spec §2 "Association mentions in text"). Its own node
 * type, so Lexical never merges it with the plain text around it, and text typed at either edge goes into
 * that plain text rather than into the mention. Whether it still names its association is the detection
 * plugin's business (spec §5): this node only carries and renders the mention.
 */
export class AssociationNode extends TextNode {
  /** @internal */
  __associationId: string;
  /** @internal */
  __shortDescription: string;
  /** @internal */
  __associationType: AssociationType;
  /** @internal */
  __portrait: string;

  static override getType(): string {
    return ASSOCIATION_NODE_TYPE;
  }

  static override clone(node: AssociationNode): AssociationNode {
    return new AssociationNode(
      {
        associationId: node.__associationId,
        shortDescription: node.__shortDescription,
        associationType: node.__associationType,
        portrait: node.__portrait,
      },
      node.__text,
      node.__key,
    );
  }

  /** Tolerant like the paragraph: a chunk saved by another client with an unknown type still opens. */
  static override importJSON(json: LexicalParseJSON<SerializedAssociationNode>): AssociationNode {
    const type = AssociationTypeSchema.safeParse(json.associationType);
    return $createAssociationNode(
      {
        associationId: typeof json.associationId === 'string' ? json.associationId : '',
        shortDescription: typeof json.shortDescription === 'string' ? json.shortDescription : '',
        associationType: type.success ? type.data : 'character',
        portrait: typeof json.portrait === 'string' ? json.portrait : '',
      },
      typeof json.text === 'string' ? json.text : '',
    ).updateFromJSON(json);
  }

  constructor(fields: AssociationMentionFields, text = '', key?: NodeKey) {
    super(text, key);
    this.__associationId = fields.associationId;
    this.__shortDescription = fields.shortDescription;
    this.__associationType = fields.associationType;
    this.__portrait = fields.portrait;
  }

  override exportJSON(): SerializedAssociationNode {
    return {
      ...super.exportJSON(),
      type: ASSOCIATION_NODE_TYPE,
      associationId: this.getAssociationId(),
      shortDescription: this.getShortDescription(),
      associationType: this.getAssociationType(),
      portrait: this.getPortrait(),
      version: 1,
    };
  }

  override createDOM(config: EditorConfig): HTMLElement {
    const element = super.createDOM(config);
    element.classList.add(ASSOCIATION_MENTION_CLASS);
    element.dataset.associationId = this.__associationId;
    element.dataset.associationType = this.__associationType;
    return element;
  }

  override updateDOM(previous: this, element: HTMLElement, config: EditorConfig): boolean {
    if (super.updateDOM(previous, element, config)) return true;
    if (previous.__associationId !== this.__associationId)
      element.dataset.associationId = this.__associationId;
    if (previous.__associationType !== this.__associationType) {
      element.dataset.associationType = this.__associationType;
    }
    return false;
  }

  /** Typing at the edges of a mention extends the text beside it, not the name. */
  override canInsertTextBefore(): boolean {
    return false;
  }

  override canInsertTextAfter(): boolean {
    return false;
  }

  getAssociationId(): string {
    return this.getLatest().__associationId;
  }

  getShortDescription(): string {
    return this.getLatest().__shortDescription;
  }

  getAssociationType(): AssociationType {
    return this.getLatest().__associationType;
  }

  getPortrait(): string {
    return this.getLatest().__portrait;
  }

  getMentionFields(): AssociationMentionFields {
    const self = this.getLatest();
    return {
      associationId: self.__associationId,
      shortDescription: self.__shortDescription,
      associationType: self.__associationType,
      portrait: self.__portrait,
    };
  }

  /** Points the mention at an association (or refreshes what it shows of it). */
  setMentionFields(fields: AssociationMentionFields): this {
    const writable = this.getWritable();
    writable.__associationId = fields.associationId;
    writable.__shortDescription = fields.shortDescription;
    writable.__associationType = fields.associationType;
    writable.__portrait = fields.portrait;
    return writable;
  }
}

export function $createAssociationNode(fields: AssociationMentionFields, text: string): AssociationNode {
  return $applyNodeReplacement(new AssociationNode(fields, text));
}

export function $isAssociationNode(node: LexicalNode | null | undefined): node is AssociationNode {
  return node instanceof AssociationNode;
}

/**
 * An association type as the interface names it, capitalised per word (spec §2): 'character' → 'Character'.
 */
export function associationTypeLabel(type: AssociationType): string {
  return type.replace(
    /(^|\s)(\p{L})/gu,
    (_match, space: string, letter: string) => space + letter.toUpperCase(),
  );
}
