import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { render, waitFor } from '@testing-library/react';
import { $getRoot, type LexicalEditor } from 'lexical';
import { describe, expect, it } from 'vitest';
import { AutosaveQueue } from '../../../../web/src/editor/autosave/autosave-queue';
import type { ServerBlock } from '../../../../web/src/editor/autosave/merge-pending-ops';
import { createMemoryOpStore } from '../../../../web/src/editor/autosave/pending-op-store';
import { $isCustomParagraphNode } from '../../../../web/src/editor/nodes';
import { $appendStoredBlock } from '../../../../web/src/editor/plugins/initial-content-plugin';
import { takeInOtherSaves } from '../../../../web/src/editor/plugins/live-content-plugin';
import { paragraph, run } from '../../../helpers/paragraphs';
import { emptyResponse, jsonResponse, stubFetch } from '../../helpers/fetch-stub';
import { fakeTransport } from '../autosave/fake-transport';
import { TestChapterEditor } from '../helpers/test-chapter-editor';

const chunk = (keyId: string, text: string) => JSON.stringify({ ...paragraph(run(text)), key_id: keyId });
const LOADED: ServerBlock[] = [
  { keyId: 'p1', chunk: chunk('p1', 'The lamp was lit.'), revision: 1 },
  { keyId: 'p2', chunk: chunk('p2', 'The river ran high.'), revision: 1 },
  { keyId: 'p3', chunk: chunk('p3', 'Nobody slept.'), revision: 1 },
];

let editor: LexicalEditor;
function CaptureEditor() {
  [editor] = useLexicalComposerContext();
  return null;
}

/** A chapter open as loaded, its queue knowing what the server held then. */
async function openChapter() {
  render(
    <TestChapterEditor initialContent={() => LOADED.forEach($appendStoredBlock)}>
      <CaptureEditor />
    </TestChapterEditor>,
  );
  await waitFor(() => expect(editor).toBeDefined());
  const queue = new AutosaveQueue({
    scope: { storyId: 's1', chapterId: 'c1' },
    transport: fakeTransport().transport,
    store: createMemoryOpStore(),
  });
  queue.reconcile(LOADED, () => 'unused');
  return queue;
}

const shownTexts = () =>
  editor.getEditorState().read(() =>
    $getRoot()
      .getChildren()
      .filter($isCustomParagraphNode)
      .map((node) => node.getTextContent()),
  );

/** The content call answering `blocks` with `stamp`, or 204 to a read that sends `unchanged`'s stamp. */
function serverHolding(blocks: ServerBlock[], stamp: string, unchanged?: string) {
  return stubFetch((url) => {
    if (unchanged && new URL(url, 'http://localhost').searchParams.get('stamp') === unchanged) {
      return emptyResponse(204);
    }
    return jsonResponse({
      stamp,
      items: blocks.map((block, place) => ({
        key_id: { Value: block.keyId },
        chunk: { Value: block.chunk },
        place: { Value: String(place) },
        revision: block.revision,
      })),
    });
  });
}

describe('taking in what another device saved', () => {
  it('costs one small request while nothing changed, and changes nothing', async () => {
    const queue = await openChapter();
    const fetchMock = serverHolding(LOADED, 'stamp-2', 'stamp-1');

    const stamp = await takeInOtherSaves(editor, queue, 'stamp-1');

    expect({ stamp, requests: fetchMock.mock.calls.length }).toEqual({ stamp: 'stamp-1', requests: 1 });
    expect(shownTexts()).toEqual(['The lamp was lit.', 'The river ran high.', 'Nobody slept.']);
  });

  it('shows paragraphs changed, added and deleted elsewhere in the server’s order, and saves none of them', async () => {
    const queue = await openChapter();
    serverHolding(
      [
        { keyId: 'p2', chunk: chunk('p2', 'The river ran higher.'), revision: 2 },
        { keyId: 'p1', chunk: LOADED[0]!.chunk, revision: 1 },
        { keyId: 'p4', chunk: chunk('p4', 'Morning came.'), revision: 1 },
      ],
      'stamp-2',
    );

    const stamp = await takeInOtherSaves(editor, queue, 'stamp-1');

    expect(stamp).toBe('stamp-2');
    expect(shownTexts()).toEqual(['The river ran higher.', 'The lamp was lit.', 'Morning came.']);
    expect(queue.isSettled()).toBe(true);
  });

  it('takes nothing in when the other device changed a paragraph typed here while it asked', async () => {
    const queue = await openChapter();
    const server = serverHolding(
      [LOADED[0]!, LOADED[1]!, { keyId: 'p3', chunk: chunk('p3', 'Nobody slept, they said.'), revision: 2 }],
      'stamp-2',
    );
    server.mockImplementationOnce((input) => {
      queue.save('p3', chunk('p3', 'Nobody slept at all.'), 2);
      return Promise.resolve(server.getMockImplementation()!(input, {}));
    });

    const stamp = await takeInOtherSaves(editor, queue, 'stamp-1');

    expect(stamp).toBe('stamp-1');
    expect(queue.pendingOps().blocks).toEqual([
      expect.objectContaining({ keyId: 'p3', chunk: chunk('p3', 'Nobody slept at all.'), baseRevision: 1 }),
    ]);
    expect(shownTexts()).toEqual(['The lamp was lit.', 'The river ran high.', 'Nobody slept.']);
  });
});
