import { registerRichText } from '@lexical/rich-text';
import type { LexicalEditor, TextNode } from 'lexical';
import { afterEach, describe, expect, it } from 'vitest';
import { registerSelectionSync } from '../../../../web/src/editor/plugins/selection-sync-plugin';
import {
  commit,
  createChapterTestEditor,
  paragraphs,
  readParagraphs,
  seedParagraphs,
} from '../helpers/headless-editor';

const cleanups: (() => void)[] = [];

afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
});

/** A rich-text editor on a real element, caret after "He" of "Hello" as far as Lexical knows. */
function mountedEditor(options: { syncSelection: boolean }): { editor: LexicalEditor; root: HTMLElement } {
  const root = document.createElement('div');
  root.contentEditable = 'true';
  document.body.append(root);
  const editor = createChapterTestEditor();
  editor.setRootElement(root);
  cleanups.push(registerRichText(editor), () => {
    editor.setRootElement(null);
    root.remove();
  });
  if (options.syncSelection) cleanups.push(registerSelectionSync(editor));
  seedParagraphs(editor, ['Hello', 'World']);
  commit(editor, () => paragraphs()[0]!.getFirstChild<TextNode>()!.select(2, 2));
  return { editor, root };
}

/** The browser moves the caret to the end of the text and Enter is pressed before its selectionchange is handled. */
async function pressEnterAtEndBeforeSelectionChange(editor: LexicalEditor, root: HTMLElement): Promise<void> {
  const lastText = editor.getEditorState().read(() => editor.getElementByKey(paragraphs()[1]!.getKey()));
  const textNode = lastText!.firstChild!.firstChild ?? lastText!.firstChild!;
  document.getSelection()!.setBaseAndExtent(textNode, 5, textNode, 5);
  root.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  // The keystroke's update commits in a microtask.
  await Promise.resolve();
}

describe('selection sync at a keystroke', () => {
  it('splits the paragraph where the browser caret is, not where Lexical last saw it', async () => {
    const { editor, root } = mountedEditor({ syncSelection: true });

    await pressEnterAtEndBeforeSelectionChange(editor, root);

    expect(readParagraphs(editor).map((paragraph) => paragraph.text)).toEqual(['Hello', 'World', '']);
  });

  it('guards against a real race: without it, Enter splits the paragraph at the stale caret', async () => {
    const { editor, root } = mountedEditor({ syncSelection: false });

    await pressEnterAtEndBeforeSelectionChange(editor, root);

    expect(readParagraphs(editor).map((paragraph) => paragraph.text)).toEqual(['He', 'llo', 'World']);
  });
});
