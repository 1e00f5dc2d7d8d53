import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { $createTextNode, $getRoot, type LexicalEditor } from 'lexical';
import { describe, expect, it } from 'vitest';
import { CONFLICTED_COPY_MARKER } from '../../../../web/src/editor/autosave/merge-pending-ops';
import { $createCustomParagraphNode, $isCustomParagraphNode } from '../../../../web/src/editor/nodes';
import { ConflictPlugin } from '../../../../web/src/editor/plugins/conflict-plugin';
import { TestChapterEditor } from '../helpers/test-chapter-editor';

let editor: LexicalEditor;
function CaptureEditor() {
  [editor] = useLexicalComposerContext();
  return null;
}

/** A chapter whose second paragraph was changed on two devices: the other's version, then this one's copy. */
function Chapter() {
  return (
    <TestChapterEditor
      initialContent={() => {
        const copy = $createCustomParagraphNode('copy').append(
          $createTextNode(CONFLICTED_COPY_MARKER).toggleFormat('bold'),
          $createTextNode('The new lamp was lit.'),
        );
        copy.setConflictOf('p2');
        $getRoot().append(
          $createCustomParagraphNode('p1').append($createTextNode('Night fell.')),
          $createCustomParagraphNode('p2').append($createTextNode('The old lamp was lit.')),
          copy,
          $createCustomParagraphNode('p3').append($createTextNode('Morning came.')),
        );
      }}
    >
      <CaptureEditor />
      <ConflictPlugin />
    </TestChapterEditor>
  );
}

function paragraphs(): { keyId: string; text: string; conflictOf: string | null }[] {
  return editor.getEditorState().read(() =>
    $getRoot()
      .getChildren()
      .filter($isCustomParagraphNode)
      .map((node) => ({
        keyId: node.getKeyId(),
        text: node.getTextContent(),
        conflictOf: node.getConflictOf(),
      })),
  );
}

describe('resolving a paragraph changed in the same words on two devices', () => {
  it("marks both versions, and 'Keep this' puts this device's words in the other's place, under its key_id", async () => {
    render(<Chapter />);
    const group = await screen.findByRole('group', { name: 'Changed on two devices' });
    const textbox = screen.getByRole('textbox', { name: 'Chapter text' });
    expect(
      [...textbox.querySelectorAll('.lw-conflict-other, .lw-conflict-copy')].map(
        (element) => element.textContent,
      ),
    ).toEqual(['The old lamp was lit.', `${CONFLICTED_COPY_MARKER}The new lamp was lit.`]);

    await act(async () => fireEvent.click(within(group).getByRole('button', { name: 'Keep this' })));

    expect(paragraphs()).toEqual([
      { keyId: 'p1', text: 'Night fell.', conflictOf: null },
      { keyId: 'p2', text: 'The new lamp was lit.', conflictOf: null },
      { keyId: 'p3', text: 'Morning came.', conflictOf: null },
    ]);
    expect(screen.queryByRole('group', { name: 'Changed on two devices' })).toBeNull();
    expect(textbox.querySelectorAll('.lw-conflict-other, .lw-conflict-copy')).toHaveLength(0);
  });

  it("'Keep the other' removes this device's version", async () => {
    render(<Chapter />);

    const keepTheOther = await screen.findByRole('button', { name: 'Keep the other' });
    await act(async () => fireEvent.click(keepTheOther));

    expect(paragraphs().map((paragraph) => paragraph.text)).toEqual([
      'Night fell.',
      'The old lamp was lit.',
      'Morning came.',
    ]);
    expect(screen.queryByRole('group', { name: 'Changed on two devices' })).toBeNull();
  });

  it('keeps the copy’s mark through a save and a load (conflict_of in the paragraph’s JSON)', async () => {
    render(<Chapter />);
    await screen.findByRole('group', { name: 'Changed on two devices' });

    const saved = await act(async () =>
      editor
        .getEditorState()
        .read(() => $getRoot().getChildren().filter($isCustomParagraphNode)[2]!.exportJSON()),
    );

    expect(saved).toMatchObject({ key_id: 'copy', conflict_of: 'p2' });
  });
});
