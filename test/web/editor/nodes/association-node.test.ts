import { $createTextNode, $getRoot, $parseSerializedNode, createEditor } from 'lexical';
import { describe, expect, it } from 'vitest';
import { AssociationNodeFieldsSchema } from '../../../../shared/schemas/associations';
import { ParagraphSchema } from '../../../../shared/schemas/paragraph';
import {
  $createCustomParagraphNode,
  $exportParagraphJSON,
  $importParagraphJSON,
  EDITOR_NODES,
  type CustomParagraphNode,
  type SerializedCustomParagraphNode,
} from '../../../../web/src/editor/nodes';
import {
  $createAssociationNode,
  $isAssociationNode,
  associationTypeLabel,
  type AssociationMentionFields,
  type SerializedAssociationNode,
} from '../../../../web/src/editor/nodes/association-node';
import { commit, createChapterTestEditor } from '../helpers/headless-editor';

const BOLD = 1;
const ITALIC = 2;

const frodoFields: AssociationMentionFields = {
  associationId: 'assoc-frodo',
  shortDescription: 'A hobbit of the Shire.',
  associationType: 'character',
  portrait: '/images/frodo.png?date=1700000000000',
};

describe('AssociationNode', () => {
  it('exports the spec §3 inline association node fields with its text run', () => {
    // Arrange
    const editor = createChapterTestEditor();
    let json!: SerializedAssociationNode;

    // Act
    commit(editor, () => {
      const node = $createAssociationNode(frodoFields, 'Frodo').setFormat(BOLD | ITALIC);
      $getRoot().append($createCustomParagraphNode('p1').append(node));
      json = node.exportJSON();
    });

    // Assert
    expect(json).toMatchObject({
      type: 'association',
      associationId: 'assoc-frodo',
      shortDescription: 'A hobbit of the Shire.',
      associationType: 'character',
      portrait: '/images/frodo.png?date=1700000000000',
      text: 'Frodo',
      format: BOLD | ITALIC,
    });
    expect(AssociationNodeFieldsSchema.safeParse(json).success).toBe(true);
  });

  it('survives a JSON round trip', () => {
    // Arrange
    const editor = createChapterTestEditor();
    let original!: SerializedAssociationNode;
    let roundTripped!: SerializedAssociationNode;

    // Act
    commit(editor, () => {
      original = $createAssociationNode({ ...frodoFields, associationType: 'place' }, 'Bag End')
        .setFormat(ITALIC)
        .exportJSON();
      const imported = $parseSerializedNode(original);
      expect($isAssociationNode(imported)).toBe(true);
      roundTripped = imported.exportJSON() as SerializedAssociationNode;
    });

    // Assert
    expect(roundTripped).toEqual(original);
  });

  it("survives save and reload inside a custom-paragraph chunk, which the server's schema accepts", () => {
    // Arrange
    const editor = createChapterTestEditor();
    let chunk!: string;
    commit(editor, () => {
      const paragraph = $createCustomParagraphNode('block-1').append(
        $createTextNode('Then '),
        $createAssociationNode(frodoFields, 'Frodo'),
        $createTextNode(' left ').setFormat(BOLD),
        $createAssociationNode(
          { ...frodoFields, associationId: 'assoc-shire', associationType: 'place' },
          'the Shire',
        ),
        $createTextNode('.'),
      );
      $getRoot().append(paragraph);
      chunk = JSON.stringify($exportParagraphJSON(paragraph));
    });

    // Act
    const reloaded = createChapterTestEditor();
    let reloadedJSON!: SerializedCustomParagraphNode;
    let mentions: string[] = [];
    commit(reloaded, () => {
      const paragraph = $importParagraphJSON(JSON.parse(chunk) as SerializedCustomParagraphNode);
      $getRoot().clear().append(paragraph);
      mentions = paragraph
        .getChildren()
        .filter($isAssociationNode)
        .map((node) => `${node.getAssociationId()}:${node.getAssociationType()}:${node.getTextContent()}`);
      reloadedJSON = $exportParagraphJSON(paragraph as CustomParagraphNode);
    });

    // Assert
    expect(ParagraphSchema.safeParse(JSON.parse(chunk)).success).toBe(true);
    expect(mentions).toEqual(['assoc-frodo:character:Frodo', 'assoc-shire:place:the Shire']);
    expect(JSON.stringify(reloadedJSON)).toBe(chunk);
  });

  it('imports a mention of an unknown kind as a character rather than losing its text', () => {
    // Arrange
    const editor = createChapterTestEditor();
    const json = {
      type: 'association',
      version: 1,
      associationId: 'a1',
      associationType: 'spaceship',
      text: 'Rocinante',
      format: 0,
      style: '',
      detail: 0,
      mode: 'normal',
    };
    let imported: string[] = [];

    // Act
    commit(editor, () => {
      const node = $parseSerializedNode(json);
      imported = $isAssociationNode(node) ? [node.getAssociationType(), node.getTextContent()] : [];
    });

    // Assert
    expect(imported).toEqual(['character', 'Rocinante']);
  });

  it('renders with its association id and kind on the element, and follows a change of either', () => {
    // Arrange
    const root = document.createElement('div');
    root.contentEditable = 'true';
    const editor = createEditor({
      namespace: 'test',
      nodes: EDITOR_NODES,
      onError: (error) => {
        throw error;
      },
    });
    editor.setRootElement(root);
    let key = '';
    commit(editor, () => {
      const node = $createAssociationNode(frodoFields, 'Frodo');
      key = node.getKey();
      $getRoot().append($createCustomParagraphNode('p1').append($createTextNode('Hello '), node));
    });
    const rendered = () => root.querySelector<HTMLElement>('[data-association-id]');
    const before = {
      ...rendered()!.dataset,
      className: rendered()!.className,
      text: rendered()!.textContent,
    };

    // Act
    commit(editor, () => {
      const node = $getRoot().getFirstDescendant()!.getNextSibling();
      if ($isAssociationNode(node) && node.getKey() === key) {
        node.setMentionFields({ ...frodoFields, associationId: 'assoc-other', associationType: 'item' });
      }
    });

    // Assert
    expect(before).toMatchObject({
      associationId: 'assoc-frodo',
      associationType: 'character',
      className: 'lw-association',
      text: 'Frodo',
    });
    expect(rendered()!.dataset).toMatchObject({ associationId: 'assoc-other', associationType: 'item' });
  });

  it('names each kind capitalised per word', () => {
    expect(
      ['character', 'place', 'event', 'item'].map((type) => associationTypeLabel(type as never)),
    ).toEqual(['Character', 'Place', 'Event', 'Item']);
  });
});
