import { $createTextNode, $getSelection, $isRangeSelection, type TextNode } from 'lexical';
import { beforeEach, describe, expect, it } from 'vitest';
import { $createAssociationNode } from '../../../../web/src/editor/nodes/association-node';
import {
  $currentCaret,
  $placeCaret,
  caretStorageKey,
  readRememberedCaret,
  rememberCaret,
} from '../../../../web/src/editor/plugins/caret-memory-plugin/caret-memory';
import { commit, createChapterTestEditor, paragraphs, seedParagraphs } from '../helpers/headless-editor';

function caretAfterPlacing(texts: string[], remembered: Parameters<typeof $placeCaret>[0]) {
  const editor = createChapterTestEditor();
  seedParagraphs(editor, texts);
  commit(editor, () => $placeCaret(remembered));
  return editor.getEditorState().read(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return null;
    return { caret: $currentCaret(), collapsed: selection.isCollapsed() };
  });
}

describe('the remembered caret', () => {
  beforeEach(() => localStorage.clear());

  it('is kept per story and chapter and read back', () => {
    rememberCaret(localStorage, 's1', 'c1', { keyId: 'p2', offset: 4 });

    expect(readRememberedCaret(localStorage, 's1', 'c1')).toEqual({ keyId: 'p2', offset: 4 });
    expect(readRememberedCaret(localStorage, 's1', 'c2')).toBeNull();
  });

  it('is ignored when what is stored is not a caret', () => {
    localStorage.setItem(caretStorageKey('s1', 'c1'), '{"keyId":"p2","offset":-1}');
    localStorage.setItem(caretStorageKey('s1', 'c2'), 'not json');

    expect(readRememberedCaret(localStorage, 's1', 'c1')).toBeNull();
    expect(readRememberedCaret(localStorage, 's1', 'c2')).toBeNull();
  });

  it('goes to the end of the text when nothing was remembered', () => {
    expect(caretAfterPlacing(['One', 'Two words'], null)).toEqual({
      caret: { keyId: 'p2', offset: 9 },
      collapsed: true,
    });
  });

  it('goes back to its paragraph and offset', () => {
    expect(caretAfterPlacing(['One', 'Two words', 'Three'], { keyId: 'p2', offset: 3 })?.caret).toEqual({
      keyId: 'p2',
      offset: 3,
    });
  });

  it('goes to the end of the text when its paragraph is gone, and to the end of a shortened one', () => {
    expect(caretAfterPlacing(['One', 'Two'], { keyId: 'gone', offset: 1 })?.caret).toEqual({
      keyId: 'p2',
      offset: 3,
    });
    expect(caretAfterPlacing(['One', 'Two'], { keyId: 'p1', offset: 40 })?.caret).toEqual({
      keyId: 'p1',
      offset: 3,
    });
  });

  it('counts the text of mentions before the caret', () => {
    const editor = createChapterTestEditor();
    seedParagraphs(editor, ['']);
    let after: TextNode | undefined;
    commit(editor, () => {
      const mention = $createAssociationNode(
        { associationId: 'a1', shortDescription: '', associationType: 'character', portrait: '' },
        'Mara',
      );
      after = $createTextNode(' walked on');
      paragraphs()[0]!.append($createTextNode('Then '), mention, after);
      after.select(3, 3);
    });

    expect(editor.getEditorState().read($currentCaret)).toEqual({ keyId: 'p1', offset: 12 });
  });
});
