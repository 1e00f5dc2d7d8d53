import { $getRoot, $isElementNode, $isTextNode, HISTORIC_TAG } from 'lexical';
import { describe, expect, it } from 'vitest';
import {
  $chapterParagraphs,
  ChapterParagraphCache,
} from '../../../../web/src/editor/plugins/review-plugin/review-ranges';
import { commit, createChapterTestEditor, seedParagraphs } from '../helpers/headless-editor';

describe('the review highlights’ paragraphs, kept between updates', () => {
  it('are read again only where an update changed them, undo included, and read as the chapter stands', () => {
    const editor = createChapterTestEditor();
    seedParagraphs(editor, ['The lamp was lit.', 'The river ran high.', 'Nobody slept.']);
    const cache = new ChapterParagraphCache();
    editor.registerUpdateListener((update) => cache.forgetChanged(update));
    const read = () => editor.getEditorState().read(() => cache.$read());
    const texts = () =>
      editor.getEditorState().read(() => $chapterParagraphs().map((paragraph) => paragraph.text));
    const first = read();
    const beforeTyping = editor.getEditorState();

    commit(editor, () => {
      const paragraph = $getRoot().getChildAtIndex(1);
      const text = $isElementNode(paragraph) ? paragraph.getFirstDescendant() : null;
      if ($isTextNode(text)) text.setTextContent('The river ran higher.');
    });
    const typed = read();
    editor.setEditorState(beforeTyping, { tag: HISTORIC_TAG });
    const undone = read();

    expect(typed.map((paragraph) => paragraph.text)).toEqual(texts().with(1, 'The river ran higher.'));
    expect(typed[0]).toBe(first[0]);
    expect(typed[1]).not.toBe(first[1]);
    expect(typed[2]).toBe(first[2]);
    expect(undone.map((paragraph) => paragraph.text)).toEqual(texts());
    expect(undone[1]?.text).toBe('The river ran high.');
  });
});
