import {
  $createTabNode,
  $createTextNode,
  $getRoot,
  $parseSerializedNode,
  ParagraphNode,
  $createParagraphNode,
} from 'lexical';
import { describe, expect, it } from 'vitest';
import { ParagraphSchema } from '../../../../shared/schemas/paragraph';
import {
  $createCustomParagraphNode,
  $exportParagraphJSON,
  $importParagraphJSON,
  $isCustomParagraphNode,
  CustomParagraphNode,
  type SerializedCustomParagraphNode,
} from '../../../../web/src/editor/nodes';
import { commit, createChapterTestEditor } from '../helpers/headless-editor';

const BOLD = 1;
const ITALIC = 2;
const STRIKETHROUGH = 4;
const UNDERLINE = 8;

function formattedParagraphJSON(): SerializedCustomParagraphNode {
  let json!: SerializedCustomParagraphNode;
  const editor = createChapterTestEditor();
  commit(editor, () => {
    const paragraph = $createCustomParagraphNode('block-1');
    paragraph.setFormat('center');
    paragraph.setIndent(2);
    paragraph.append(
      $createTabNode(),
      $createTextNode('Bold ').setFormat(BOLD),
      $createTextNode('italic ').setFormat(ITALIC),
      $createTextNode('underlined ').setFormat(UNDERLINE),
      $createTextNode('struck').setFormat(STRIKETHROUGH | BOLD),
    );
    $getRoot().append(paragraph);
    json = $exportParagraphJSON(paragraph);
  });
  return json;
}

describe('CustomParagraphNode', () => {
  it('exports the spec §3 block shape, with its key_id, and the server accepts it', () => {
    const json = formattedParagraphJSON();

    expect(json).toMatchObject({
      type: 'custom-paragraph',
      key_id: 'block-1',
      format: 'center',
      indent: 2,
      direction: null,
      version: 1,
    });
    expect(json.children.map((child) => child.type)).toEqual(['tab', 'text', 'text', 'text', 'text']);
    expect(ParagraphSchema.safeParse(json).success).toBe(true);
  });

  it('survives a JSON round trip with every text format bit and its alignment', () => {
    const json = formattedParagraphJSON();
    const editor = createChapterTestEditor();
    let roundTripped!: SerializedCustomParagraphNode;

    commit(editor, () => {
      const imported = $parseSerializedNode(JSON.parse(JSON.stringify(json)));
      if (!$isCustomParagraphNode(imported)) throw new Error('not a custom paragraph');
      $getRoot().append(imported);
      roundTripped = $exportParagraphJSON(imported);
    });

    expect(roundTripped).toEqual(json);
    expect(roundTripped.children.map((child) => (child as { format?: number }).format)).toEqual([
      0,
      BOLD,
      ITALIC,
      UNDERLINE,
      STRIKETHROUGH | BOLD,
    ]);
  });

  it('replaces every paragraph Lexical creates, each with a fresh key_id', () => {
    const editor = createChapterTestEditor();
    commit(editor, () => {
      const first = $createParagraphNode();
      const second = $createParagraphNode();
      $getRoot().append(first, second);

      expect(first).toBeInstanceOf(CustomParagraphNode);
      expect(first).toBeInstanceOf(ParagraphNode);
      const keys = [first, second].map((paragraph) => (paragraph as CustomParagraphNode).getKeyId());
      expect(new Set(keys).size).toBe(2);
      expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    });
  });

  it('gives a paragraph saved without a key_id a new one', () => {
    const editor = createChapterTestEditor();
    commit(editor, () => {
      const paragraph = CustomParagraphNode.importJSON({ format: '', indent: 0 });

      expect(paragraph.getKeyId()).not.toBe('');
    });
  });

  it('keeps the text of a child type this editor does not know', () => {
    const editor = createChapterTestEditor();
    commit(editor, () => {
      const paragraph = $importParagraphJSON({
        type: 'custom-paragraph',
        key_id: 'block-2',
        children: [
          { type: 'text', text: 'Frodo met ', format: 0, style: '', detail: 0, mode: 'normal', version: 1 },
          { type: 'future-mention', text: 'Gandalf', format: BOLD, version: 1 },
        ],
      } as unknown as SerializedCustomParagraphNode);
      $getRoot().append(paragraph);

      expect(paragraph.getTextContent()).toBe('Frodo met Gandalf');
      expect(paragraph.getKeyId()).toBe('block-2');
    });
  });
});
