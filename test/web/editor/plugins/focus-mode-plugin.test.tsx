import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { act, render, screen } from '@testing-library/react';
import { $createTextNode, $getRoot, $isElementNode, $isTextNode, type LexicalEditor } from 'lexical';
import { describe, expect, it } from 'vitest';
import { $createCustomParagraphNode } from '../../../../web/src/editor/nodes';
import {
  CURRENT_PARAGRAPH_CLASS,
  FocusModePlugin,
} from '../../../../web/src/editor/plugins/focus-mode-plugin';
import { TestChapterEditor } from '../helpers/test-chapter-editor';

const PARAGRAPHS = ['The caravan left.', 'Dust rose behind it.', 'Nobody looked back.'];

let editor: LexicalEditor;
function CaptureEditor() {
  [editor] = useLexicalComposerContext();
  return null;
}

/** Three paragraphs; `typewriter` is on in focus mode, as the workspace sets it; `withPlugin` false leaves it out. */
function Chapter({ typewriter, withPlugin = true }: { typewriter: boolean; withPlugin?: boolean }) {
  return (
    <TestChapterEditor
      initialContent={() => {
        $getRoot().append(
          ...PARAGRAPHS.map((text, index) =>
            $createCustomParagraphNode(`p${index + 1}`).append($createTextNode(text)),
          ),
        );
      }}
    >
      <CaptureEditor />
      {withPlugin && <FocusModePlugin typewriter={typewriter} />}
    </TestChapterEditor>
  );
}

function paragraphElements(): HTMLElement[] {
  return [...screen.getByRole('textbox', { name: 'Chapter text' }).children] as HTMLElement[];
}

function markedParagraphs(): string[] {
  return paragraphElements()
    .filter((paragraph) => paragraph.classList.contains(CURRENT_PARAGRAPH_CLASS))
    .map((paragraph) => paragraph.textContent ?? '');
}

/** A caret placed without typing: only the selection changes, as a click or the restored caret does. */
async function placeCaretIn(paragraphIndex: number, offset: number) {
  await act(async () => {
    editor.update(() => {
      const paragraph = $getRoot().getChildren()[paragraphIndex];
      const text = $isElementNode(paragraph) ? paragraph.getFirstDescendant() : null;
      if ($isTextNode(text)) text.select(offset, offset);
    });
  });
}

describe('focus mode marking the current paragraph', () => {
  it('marks the paragraph the caret is placed in, without a key being typed', async () => {
    // Arrange
    render(<Chapter typewriter />);

    // Act
    await placeCaretIn(1, 4);

    // Assert
    expect(markedParagraphs()).toEqual(['Dust rose behind it.']);
  });

  it('keeps the mark when focus mode starts with the caret already placed', async () => {
    // Arrange
    const { rerender } = render(<Chapter typewriter={false} />);
    await placeCaretIn(2, 0);

    // Act
    rerender(<Chapter typewriter />);

    // Assert
    expect(markedParagraphs()).toEqual(['Nobody looked back.']);
  });

  it('marks the paragraph holding the caret as soon as the plugin starts', async () => {
    // Arrange
    const { rerender } = render(<Chapter typewriter withPlugin={false} />);
    await placeCaretIn(0, 3);

    // Act
    rerender(<Chapter typewriter />);

    // Assert
    expect(markedParagraphs()).toEqual(['The caravan left.']);
  });

  it('marks the paragraph a click puts the caret in', async () => {
    // Arrange
    render(<Chapter typewriter />);
    const text = screen.getByRole('textbox', { name: 'Chapter text' });
    const clicked = paragraphElements()[1]!.firstChild!.firstChild!;

    // Act: the browser focuses the text and places its caret, then reports the selection change.
    await act(async () => {
      text.focus();
      window.getSelection()!.collapse(clicked, 3);
      document.dispatchEvent(new Event('selectionchange'));
    });

    // Assert
    expect(markedParagraphs()).toEqual(['Dust rose behind it.']);
  });

  it('moves the mark with the caret, one paragraph at a time', async () => {
    // Arrange
    render(<Chapter typewriter />);
    await placeCaretIn(0, 0);

    // Act
    await placeCaretIn(2, 5);

    // Assert
    expect(markedParagraphs()).toEqual(['Nobody looked back.']);
  });
});
