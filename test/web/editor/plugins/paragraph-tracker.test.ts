import {
  $createRangeSelection,
  $createTextNode,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  $setSelection,
  TextNode,
  type LexicalEditor,
} from 'lexical';
import { describe, expect, it, vi } from 'vitest';
import { PROGRAMMATIC_LOAD_TAG } from '../../../../web/src/editor/plugins/autosave-plugin/paragraph-tracker';
import { $createCustomParagraphNode, CustomParagraphNode } from '../../../../web/src/editor/nodes';
import {
  commit,
  createChapterTestEditor,
  paragraphs,
  readParagraphs,
  seedParagraphs,
  trackParagraphs,
} from '../helpers/headless-editor';

/** As the chapter editor does it: tracking starts on the empty editor, then the chapter is loaded. */
function setup(texts: string[]) {
  const editor = createChapterTestEditor();
  const tracking = trackParagraphs(editor);
  seedParagraphs(editor, texts, PROGRAMMATIC_LOAD_TAG);
  return { editor, ...tracking };
}

function textNode(index: number): TextNode {
  return paragraphs()[index]!.getFirstChildOrThrow<TextNode>();
}

function selectAcross(editor: LexicalEditor, from: [number, number], to: [number, number]) {
  commit(editor, () => {
    const selection = $createRangeSelection();
    selection.anchor.set(textNode(from[0]).getKey(), from[1], 'text');
    selection.focus.set(textNode(to[0]).getKey(), to[1], 'text');
    $setSelection(selection);
  });
}

describe('ParagraphTracker', () => {
  it('does not queue the content it starts from, and reports its word count', () => {
    const { sink, words } = setup(['One two three.', 'Four five.']);

    expect(sink.saves).toEqual([]);
    expect(sink.deletes).toEqual([]);
    expect(sink.orders).toEqual([]);
    expect(words).toEqual([5]);
  });

  it('also starts from content that was there before it registered', () => {
    const editor = createChapterTestEditor();
    seedParagraphs(editor, ['Already here.']);
    const { sink, words } = trackParagraphs(editor);
    commit(editor, () => undefined);

    expect(sink.saves).toEqual([]);
    expect(words).toEqual([2]);
  });

  it('queues only the paragraph whose text changed, with its place', () => {
    const { editor, sink } = setup(['First.', 'Second.', 'Third.']);

    commit(editor, () => textNode(1).setTextContent('Second, revised.'));

    expect(sink.saves.map((save) => [save.keyId, save.place])).toEqual([['p2', 1]]);
    expect(JSON.parse(sink.saves[0]!.chunk)).toMatchObject({
      type: 'custom-paragraph',
      key_id: 'p2',
      children: [{ type: 'text', text: 'Second, revised.' }],
    });
    expect(sink.orders).toEqual([]);
  });

  it('saves every paragraph touched when bold is applied to a selection spanning several paragraphs', () => {
    const { editor, sink } = setup(['Alpha beta.', 'Gamma delta.', 'Epsilon.', 'Untouched.']);
    selectAcross(editor, [0, 6], [2, 3]);
    sink.clear();

    commit(editor, () => {
      const selection = $getSelection();
      if ($isRangeSelection(selection)) selection.formatText('bold');
    });

    const saved = new Map(sink.saves.map((save) => [save.keyId, JSON.parse(save.chunk)]));
    expect([...saved.keys()].sort()).toEqual(['p1', 'p2', 'p3']);
    expect(saved.get('p1').children).toEqual([
      expect.objectContaining({ text: 'Alpha ', format: 0 }),
      expect.objectContaining({ text: 'beta.', format: 1 }),
    ]);
    expect(saved.get('p2').children).toEqual([expect.objectContaining({ text: 'Gamma delta.', format: 1 })]);
    expect(saved.get('p3').children[0]).toEqual(expect.objectContaining({ text: 'Eps', format: 1 }));
  });

  it('gives a paragraph made by Enter a fresh key_id and queues it with the new order', () => {
    const { editor, sink } = setup(['Hello world', 'After']);
    commit(editor, () => textNode(0).select(5, 5));
    sink.clear();

    commit(editor, () => {
      const selection = $getSelection();
      if ($isRangeSelection(selection)) selection.insertParagraph();
    });

    const after = readParagraphs(editor);
    expect(after.map((p) => p.text)).toEqual(['Hello', ' world', 'After']);
    const newKey = after[1]!.keyId;
    expect(newKey).not.toMatch(/^p\d$/);
    expect(sink.orders).toEqual([['p1', newKey, 'p2']]);
    expect(sink.saves.map((save) => [save.keyId, save.place]).sort()).toEqual(
      [
        ['p1', 0],
        [newKey, 1],
      ].sort(),
    );
  });

  it('never lets a copied paragraph keep the key_id of its source', () => {
    const { editor, sink } = setup(['Original text']);
    sink.clear();

    commit(editor, () => {
      const original = paragraphs()[0]!;
      const copy = $createCustomParagraphNode(original.getKeyId()).append($createTextNode('copy'));
      original.insertAfter(copy);
    });

    const after = readParagraphs(editor);
    expect(after[0]!.keyId).toBe('p1');
    expect(after[1]!.keyId).not.toBe('p1');
    expect(new Set(sink.saves.map((save) => save.keyId)).size).toBe(sink.saves.length);
    expect(sink.saves.find((save) => save.keyId === 'p1')?.chunk ?? '').not.toContain('copy');
  });

  it('queues removed paragraphs for deletion and syncs the order', () => {
    const { editor, sink } = setup(['Keep', 'Remove me', 'Remove me too', 'Keep too']);

    commit(editor, () => {
      paragraphs()[1]!.remove();
      paragraphs()[1]!.remove();
    });

    expect(sink.deletes.sort()).toEqual(['p2', 'p3']);
    expect(sink.orders).toEqual([['p1', 'p4']]);
  });

  it('re-saves a paragraph that becomes empty, with its position', () => {
    const { editor, sink } = setup(['One', 'Two']);

    commit(editor, () => textNode(1).remove());

    expect(sink.saves).toEqual([expect.objectContaining({ keyId: 'p2', place: 1 })]);
    expect(JSON.parse(sink.saves[0]!.chunk).children).toEqual([]);
    expect(sink.deletes).toEqual([]);
  });

  it('syncs the order when a paragraph moves', () => {
    const { editor, sink } = setup(['A', 'B', 'C']);

    commit(editor, () => {
      const [first, , third] = paragraphs();
      third!.insertAfter(first!);
    });

    expect(sink.orders).toEqual([['p2', 'p3', 'p1']]);
    expect(sink.deletes).toEqual([]);
  });

  it('ignores programmatic loads', () => {
    const { editor, sink, words } = setup(['A']);

    commit(
      editor,
      () => {
        $getRoot().append(
          $createCustomParagraphNode('loaded').append($createTextNode('From the server here')),
        );
      },
      PROGRAMMATIC_LOAD_TAG,
    );
    commit(editor, () => textNode(0).setTextContent('A changed'));

    expect(sink.saves.map((save) => save.keyId)).toEqual(['p1']);
    expect(sink.orders).toEqual([]);
    expect(words.at(-1)).toBe(6);
    expect(readParagraphs(editor).map((p) => p.keyId)).toEqual(['p1', 'loaded']);
  });

  it('restores a deleted paragraph that comes back, overriding its pending delete', () => {
    const { editor, sink } = setup(['A', 'B']);
    let removed: ReturnType<typeof paragraphs>[number] | undefined;
    commit(editor, () => {
      removed = paragraphs()[1]!;
      removed.remove();
    });
    sink.pendingDeletes.add('p2');

    commit(editor, () => {
      $getRoot().append($createCustomParagraphNode('p2').append($createTextNode('B')));
    });

    expect(sink.restored).toEqual(['p2']);
  });

  it('finds the changed paragraphs of an undo (a whole-state replacement)', () => {
    const { editor, sink } = setup(['One', 'Two', 'Three']);
    const before = editor.getEditorState();
    commit(editor, () => textNode(1).setTextContent('Two changed'));
    commit(editor, () => paragraphs()[2]!.remove());
    sink.clear();

    editor.setEditorState(before, { tag: 'historic' });

    expect(sink.saves.map((save) => save.keyId).sort()).toEqual(['p2', 'p3']);
    expect(sink.orders).toEqual([['p1', 'p2', 'p3']]);
    expect(readParagraphs(editor).map((p) => p.text)).toEqual(['One', 'Two', 'Three']);
  });

  it('queues nothing when paragraphs are only marked dirty, as registering a node transform does', () => {
    const { editor, sink } = setup(['One', 'Two', 'Three']);

    editor.registerNodeTransform(TextNode, () => undefined);
    commit(editor, () => undefined);

    expect(sink.saves).toEqual([]);
    expect(sink.orders).toEqual([]);
  });

  it('keeps a live word count from the changed paragraphs only', () => {
    const { editor, words } = setup(['One two', 'three']);

    commit(editor, () => textNode(1).setTextContent("three four don't well-known"));
    commit(editor, () => paragraphs()[0]!.remove());

    expect(words).toEqual([3, 6, 4]);
  });
});

describe('ParagraphTracker on a 100,000-word chapter', () => {
  it('serialises only the paragraph being typed in, not the chapter', () => {
    const sentence = Array.from({ length: 25 }, (_, index) => `word${index}`).join(' ');
    const { editor, sink, words } = setup(Array.from({ length: 4000 }, () => sentence));
    expect(words.at(-1)).toBe(100_000);
    const exportJSON = vi.spyOn(CustomParagraphNode.prototype, 'exportJSON');

    for (let keystroke = 0; keystroke < 20; keystroke += 1) {
      commit(editor, () => {
        const text = textNode(2000);
        text.setTextContent(`${text.getTextContent()}x`);
      });
    }

    expect(sink.saves.map((save) => save.keyId)).toEqual(Array.from({ length: 20 }, () => 'p2001'));
    // One export per keystroke, plus one of the paragraph as it was before its first change.
    expect(exportJSON).toHaveBeenCalledTimes(21);
    expect(sink.orders).toEqual([]);
  });
});
