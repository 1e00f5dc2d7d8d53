import type { TextNode } from 'lexical';
import { describe, expect, it } from 'vitest';
import { editorWindow, isSameNodeVersion } from '../../../web/src/editor/lexical-internals';
import { commit, createChapterTestEditor, paragraphs, seedParagraphs } from './helpers/headless-editor';

/** Fails when a Lexical upgrade renames or reshapes one of the private fields the editor relies on. */
describe('Lexical internals', () => {
  it('tells a node written in an update from one the update left alone', () => {
    const editor = createChapterTestEditor();
    seedParagraphs(editor, ['One', 'Two']);
    const before = editor.getEditorState();
    const [first, second] = before.read(() =>
      paragraphs().map((paragraph) => paragraph.getFirstChildOrThrow<TextNode>().getKey()),
    );

    commit(editor, () => paragraphs()[1]!.getFirstChildOrThrow<TextNode>().setTextContent('Two changed'));
    const after = editor.getEditorState();

    expect(isSameNodeVersion(before, after, first!)).toBe(true);
    expect(isSameNodeVersion(before, after, second!)).toBe(false);
  });

  it("finds the window of the editor's root element, and none before it is mounted", () => {
    const editor = createChapterTestEditor();
    expect(editorWindow(editor)).toBeNull();
    const root = document.createElement('div');
    root.contentEditable = 'true';
    document.body.append(root);

    editor.setRootElement(root);

    expect(editorWindow(editor)).toBe(window);
    editor.setRootElement(null);
    root.remove();
  });
});
