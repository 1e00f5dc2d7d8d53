import { render, screen, waitFor } from '@testing-library/react';
import { $createTextNode, $getRoot } from 'lexical';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { $createCustomParagraphNode } from '../../../../web/src/editor/nodes';
import { CaretMemoryPlugin } from '../../../../web/src/editor/plugins/caret-memory-plugin';
import { TestChapterEditor } from '../helpers/test-chapter-editor';

/** A chapter editor holding one paragraph, with a title field and a button beside it, as the workspace has. */
function Workspace({ contentShown }: { contentShown: boolean }): ReactNode {
  return (
    <>
      <input aria-label="Chapter title" defaultValue="Chapter 1" />
      <button type="button">Chapters and layout</button>
      <TestChapterEditor
        initialContent={() => {
          $getRoot().append($createCustomParagraphNode('p1').append($createTextNode('The caravan left.')));
        }}
      >
        <CaretMemoryPlugin storyId="s1" chapterId="c1" contentShown={contentShown} />
      </TestChapterEditor>
    </>
  );
}

describe('opening a chapter', () => {
  beforeEach(() => localStorage.clear());

  it('puts the focus in the text once it is shown, taking it from a button', async () => {
    // Arrange
    const { rerender } = render(<Workspace contentShown={false} />);
    screen.getByRole('button', { name: 'Chapters and layout' }).focus();

    // Act
    rerender(<Workspace contentShown />);

    // Assert
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Chapter text' })),
    );
  });

  it('leaves the focus in a field the author started typing in while the chapter loaded', async () => {
    // Arrange
    const { rerender } = render(<Workspace contentShown={false} />);
    const title = screen.getByRole('textbox', { name: 'Chapter title' });
    title.focus();

    // Act
    rerender(<Workspace contentShown />);
    await new Promise((resolve) => setTimeout(resolve, 50));

    // Assert
    expect(document.activeElement).toBe(title);
  });
});
