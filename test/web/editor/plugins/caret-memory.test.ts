import { $createTextNode, $getSelection, $isRangeSelection, type TextNode } from 'lexical';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $createAssociationNode } from '../../../../web/src/editor/nodes/association-node';
import {
  $currentCaret,
  $placeCaret,
  CARET_WRITE_INTERVAL_MS,
  caretStorageKey,
  readRememberedCaret,
  registerCaretRecorder,
  rememberCaret,
} from '../../../../web/src/editor/plugins/caret-memory-plugin/caret-memory';
import { readLastEditedChapter } from '../../../../web/src/editor/plugins/caret-memory-plugin/last-edited-chapter';
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

describe('the caret recorder', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  function recordedEditor(isPlaced = () => true) {
    const editor = createChapterTestEditor();
    seedParagraphs(editor, ['One two three', 'Four']);
    const unregister = registerCaretRecorder(editor, {
      storage: localStorage,
      storyId: 's1',
      chapterId: 'c1',
      isPlaced,
    });
    const moveTo = (paragraph: number, offset: number) =>
      commit(editor, () => {
        (paragraphs()[paragraph]!.getFirstChild() as TextNode).select(offset, offset);
      });
    const typeInto = (paragraph: number, text: string) =>
      commit(editor, () => {
        (paragraphs()[paragraph]!.getFirstChild() as TextNode).setTextContent(text);
      });
    return { unregister, moveTo, typeInto };
  }

  it('writes the caret down at most once an interval while it moves, where it last was', () => {
    const { moveTo } = recordedEditor();

    moveTo(0, 1);
    moveTo(0, 3);
    const beforeInterval = readRememberedCaret(localStorage, 's1', 'c1');
    vi.advanceTimersByTime(CARET_WRITE_INTERVAL_MS);

    expect(beforeInterval).toBeNull();
    expect(readRememberedCaret(localStorage, 's1', 'c1')).toEqual({ keyId: 'p1', offset: 3 });
  });

  it('writes it at once when the page is hidden and when the editor goes away', () => {
    const { moveTo, unregister } = recordedEditor();

    moveTo(0, 2);
    window.dispatchEvent(new Event('pagehide'));
    const atPageHide = readRememberedCaret(localStorage, 's1', 'c1');
    moveTo(1, 4);
    unregister();

    expect(atPageHide).toEqual({ keyId: 'p1', offset: 2 });
    expect(readRememberedCaret(localStorage, 's1', 'c1')).toEqual({ keyId: 'p2', offset: 4 });
  });

  it('leaves the remembered caret alone until the caret was placed at opening', () => {
    const { moveTo } = recordedEditor(() => false);

    moveTo(0, 2);
    vi.advanceTimersByTime(CARET_WRITE_INTERVAL_MS);

    expect(readRememberedCaret(localStorage, 's1', 'c1')).toBeNull();
  });

  it("makes the chapter the story's last edited once its text changes, not when the caret only moves", () => {
    const { moveTo, typeInto } = recordedEditor();

    moveTo(0, 2);
    const afterMoving = readLastEditedChapter(localStorage, 's1');
    typeInto(1, 'Four and five');

    expect(afterMoving).toBeNull();
    expect(readLastEditedChapter(localStorage, 's1')).toBe('c1');
  });
});
