import { registerHistory, createEmptyHistoryState } from '@lexical/history';
import {
  $createTextNode,
  $getRoot,
  HISTORY_PUSH_TAG,
  UNDO_COMMAND,
  type LexicalEditor,
  type TextNode,
} from 'lexical';
import { describe, expect, it, vi } from 'vitest';
import { $createCustomParagraphNode } from '../../../../web/src/editor/nodes';
import {
  $findEditorMatches,
  $replaceAllMatches,
  $replaceEditorMatch,
} from '../../../../web/src/editor/plugins/find-replace-plugin/editor-matches';
import {
  commit,
  createChapterTestEditor,
  paragraphs,
  readParagraphs,
  trackParagraphs,
} from '../helpers/headless-editor';

const BOLD = 1;
const ITALIC = 2;
const EXACT = { case_sensitive: true, whole_word: false };

/** Paragraphs `p1`, `p2`, … of runs given as [text, format]; with `history`, the editor records undo steps. */
function editorWithRuns(paragraphRuns: [string, number][][], { history = false } = {}): LexicalEditor {
  const editor = createChapterTestEditor();
  if (history) registerHistory(editor, createEmptyHistoryState(), 1000);
  commit(editor, () => {
    for (const [index, runs] of paragraphRuns.entries()) {
      const paragraph = $createCustomParagraphNode(`p${index + 1}`);
      for (const [text, format] of runs) paragraph.append($createTextNode(text).setFormat(format));
      $getRoot().append(paragraph);
    }
  });
  return editor;
}

function runsOf(editor: LexicalEditor): [string, number][][] {
  return editor.read(() =>
    paragraphs().map((paragraph) =>
      paragraph.getChildren<TextNode>().map((run) => [run.getTextContent(), run.getFormat()]),
    ),
  );
}

describe('the find bar’s matches', () => {
  it('finds matches across runs in reading order, each from its first run to its last', () => {
    const editor = editorWithRuns([
      [
        ['Tues', BOLD],
        ['day came. ', 0],
      ],
      [['Then tuesday, and Tuesday.', ITALIC]],
    ]);

    const { matches, keys } = editor.read(() => ({
      matches: $findEditorMatches('Tuesday', EXACT),
      keys: paragraphs().map((paragraph) => paragraph.getChildren().map((child) => child.getKey())),
    }));

    expect(matches).toEqual([
      {
        paragraphKey: expect.any(String),
        indexInParagraph: 0,
        start: { nodeKey: keys[0]![0], offset: 0 },
        end: { nodeKey: keys[0]![1], offset: 3 },
      },
      {
        paragraphKey: expect.any(String),
        indexInParagraph: 0,
        start: { nodeKey: keys[1]![0], offset: 18 },
        end: { nodeKey: keys[1]![0], offset: 25 },
      },
    ]);
    expect(
      editor.read(() => $findEditorMatches('tuesday', { case_sensitive: false, whole_word: true })),
    ).toHaveLength(3);
  });

  it('replaces all in one undo step, keeping each run’s format and every paragraph’s key_id, and autosave sends only the changed paragraphs', async () => {
    const editor = editorWithRuns(
      [
        [
          ['Tues', BOLD],
          ['day came.', 0],
        ],
        [['Monday.', 0]],
        [['Tuesday', ITALIC]],
      ],
      { history: true },
    );
    const { sink } = trackParagraphs(editor);

    let replaced = 0;
    commit(
      editor,
      () => {
        replaced = $replaceAllMatches('Tuesday', 'Friday', EXACT);
      },
      HISTORY_PUSH_TAG,
    );

    expect(replaced).toBe(2);
    expect(runsOf(editor)).toEqual([
      [
        ['Friday', BOLD],
        [' came.', 0],
      ],
      [['Monday.', 0]],
      [['Friday', ITALIC]],
    ]);
    expect(readParagraphs(editor).map((paragraph) => paragraph.keyId)).toEqual(['p1', 'p2', 'p3']);
    expect(sink.saves.map((save) => save.keyId).sort()).toEqual(['p1', 'p3']);

    editor.dispatchCommand(UNDO_COMMAND, undefined);

    // A headless editor applies the restored state on the next microtask.
    await vi.waitFor(() =>
      expect(readParagraphs(editor).map((paragraph) => paragraph.text)).toEqual([
        'Tuesday came.',
        'Monday.',
        'Tuesday',
      ]),
    );
  });

  it('replaces only the chosen match', () => {
    const editor = editorWithRuns([[['Tuesday, Tuesday, Tuesday.', 0]]]);
    const second = editor.read(() => $findEditorMatches('Tuesday', EXACT))[1]!;

    commit(editor, () => {
      $replaceEditorMatch(second, 'Tuesday', 'Friday', EXACT);
    });

    expect(readParagraphs(editor)[0]!.text).toBe('Tuesday, Friday, Tuesday.');
  });
});
