import { $createTextNode, $getRoot, $getSelection, $isRangeSelection, type TextNode } from 'lexical';
import { describe, expect, it } from 'vitest';
import { $createCustomParagraphNode } from '../../../../web/src/editor/nodes';
import { $insertParagraphWithAutotab } from '../../../../web/src/editor/plugins/autotab-plugin';
import { $insertPastedText } from '../../../../web/src/editor/plugins/paste-plugin';
import { $selectWordAt } from '../../../../web/src/editor/plugins/touch-selection-plugin';
import {
  commit,
  createChapterTestEditor,
  paragraphs,
  readParagraphs,
  seedParagraphs,
} from '../helpers/headless-editor';

function editorWith(texts: string[], caret: [number, number]) {
  const editor = createChapterTestEditor();
  seedParagraphs(editor, texts);
  commit(editor, () => {
    const [index, offset] = caret;
    const paragraph = paragraphs()[index]!;
    const text = paragraph.getFirstChild<TextNode>();
    if (text) text.select(offset, offset);
    else paragraph.select(0, 0);
  });
  return editor;
}

/** The caret's paragraph text, with the caret's offset within the whole paragraph. */
function caretText(editor: ReturnType<typeof createChapterTestEditor>): string {
  return editor.getEditorState().read(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return '';
    const anchor = selection.anchor.getNode();
    const paragraph = anchor.getTopLevelElementOrThrow();
    let offset = selection.anchor.offset;
    for (const text of paragraph.getAllTextNodes()) {
      if (text === anchor) break;
      offset += text.getTextContentSize();
    }
    return `${paragraph.getTextContent()}@${offset}`;
  });
}

describe('typing normalisation', () => {
  it('turns a typed double hyphen into an em dash and keeps the caret after it', () => {
    const editor = editorWith(['Wait-'], [0, 5]);

    commit(editor, () => {
      const selection = $getSelection();
      if ($isRangeSelection(selection)) selection.insertText('-');
    });
    commit(editor, () => {
      const selection = $getSelection();
      if ($isRangeSelection(selection)) selection.insertText('no');
    });

    expect(readParagraphs(editor)[0]!.text).toBe('Wait\u2014no');
  });

  it('straightens curly quotes as they are typed', () => {
    const editor = editorWith([''], [0, 0]);

    commit(editor, () => {
      const selection = $getSelection();
      if ($isRangeSelection(selection)) selection.insertText('\u201CIt\u2019s here,\u201D she said.');
    });

    expect(readParagraphs(editor)[0]!.text).toBe('"It\'s here," she said.');
  });
});

describe('autotab', () => {
  it('starts a paragraph made by Enter with a tab, where the caret continues', () => {
    const editor = editorWith(['\tThe end'], [0, 8]);

    commit(editor, () => void $insertParagraphWithAutotab());

    expect(readParagraphs(editor).map((p) => p.text)).toEqual(['\tThe end', '\t']);
    expect(caretText(editor)).toBe('\t@1');
  });

  it('puts the tab before the text moved to the new paragraph, never twice', () => {
    const editor = editorWith(['First half. Second half.'], [0, 12]);

    commit(editor, () => void $insertParagraphWithAutotab());

    expect(readParagraphs(editor).map((p) => p.text)).toEqual(['First half. ', '\tSecond half.']);
  });
});

describe('paste', () => {
  it('splits by line, turns tabs into spaces, normalises and autotabs each new paragraph', () => {
    const editor = editorWith(['Before|After'], [0, 7]);

    commit(editor, () => $insertPastedText('one\u2019s -- first\nsecond\tline\r\nthird\n', true));

    expect(readParagraphs(editor).map((p) => p.text)).toEqual([
      "Before|one's \u2014 first",
      '\tsecond    line',
      '\tthirdAfter',
    ]);
    expect(caretText(editor)).toBe('\tthirdAfter@6');
  });

  it('autotabs the first line too when it lands at the start of a paragraph', () => {
    const editor = editorWith([''], [0, 0]);

    commit(editor, () => $insertPastedText('    Indented\nNext', true));

    expect(readParagraphs(editor).map((p) => p.text)).toEqual(['\tIndented', '\tNext']);
  });

  it('leaves lines as they are without autotab', () => {
    const editor = editorWith([''], [0, 0]);

    commit(editor, () => $insertPastedText('a\n\nb', false));

    expect(readParagraphs(editor).map((p) => p.text)).toEqual(['a', '', 'b']);
  });

  it('makes one keyed paragraph per line for a long paste', () => {
    const editor = editorWith([''], [0, 0]);
    const lines = Array.from({ length: 150 }, (_, index) => `Line ${index + 1}`);

    commit(editor, () => $insertPastedText(lines.join('\n'), false));

    const result = readParagraphs(editor);
    expect(result.map((p) => p.text)).toEqual(lines);
    expect(new Set(result.map((p) => p.keyId)).size).toBe(150);
  });

  it('replaces a selection', () => {
    const editor = createChapterTestEditor();
    seedParagraphs(editor, ['Keep this, drop that.']);
    commit(editor, () => paragraphs()[0]!.getFirstChildOrThrow<TextNode>().select(11, 20));

    commit(editor, () => $insertPastedText('add this', false));

    expect(readParagraphs(editor)[0]!.text).toBe('Keep this, add this.');
  });
});

describe('word selection', () => {
  it('selects the word at an offset, without surrounding space or punctuation', () => {
    const editor = createChapterTestEditor();
    commit(editor, () => {
      const text = $createTextNode("He said: don't go\u2014now.");
      $getRoot().append($createCustomParagraphNode().append(text));
      $selectWordAt(text, 11);
    });

    expect(editor.getEditorState().read(() => $getSelection()?.getTextContent())).toBe("don't");
  });
});
