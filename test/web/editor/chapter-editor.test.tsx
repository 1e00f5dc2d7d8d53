import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { $getRoot, $isElementNode, $isTextNode, SKIP_DOM_SELECTION_TAG, type LexicalEditor } from 'lexical';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyParagraph } from '../../../shared/schemas/paragraph';
import { AlertsProvider } from '../../../web/src/components/alerts/alerts-provider';
import { disposeChapterQueue, getChapterQueue, openPendingOpStore } from '../../../web/src/editor/autosave';
import { openIndexedDbOpStore } from '../../../web/src/editor/autosave/pending-op-store';
import type { PendingOp } from '../../../web/src/editor/autosave/pending-ops';
import { ChapterEditor } from '../../../web/src/editor/chapter-editor';
import { openOfflineDatabase } from '../../../web/src/lib/offline/offline-database';
import { theme } from '../../../web/src/theme/theme';
import { bodiesSent, deferred, emptyResponse, jsonResponse, stubFetch } from '../helpers/fetch-stub';
import { silenceConsoleErrors } from '../helpers/console';
import { createTestQueryClient } from '../helpers/render-app';

beforeAll(() => openPendingOpStore());

// jsdom lays nothing out and its ranges cannot be measured; Lexical measures the caret it places in an editor
// that has the focus (a chapter taken in after 409 chapter_changed). Measured here as jsdom measures elements.
beforeAll(() => {
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
});
afterAll(() => {
  Reflect.deleteProperty(Range.prototype, 'getBoundingClientRect');
  Reflect.deleteProperty(Range.prototype, 'getClientRects');
});

let storyCount = 0;
/** A story id of its own per test: chapter queues live for the whole page, as they do in the app. */
function newStoryId(): string {
  storyCount += 1;
  return `story-${storyCount}`;
}

function paragraphChunk(keyId: string, text: string, format = 0): string {
  return JSON.stringify({
    ...emptyParagraph(keyId),
    children: [{ type: 'text', text, format, style: '', detail: 0, mode: 'normal', version: 1 }],
  });
}

function contentResponse(paragraphs: [string, string, number?][]) {
  return jsonResponse({
    items: paragraphs.map(([keyId, text, format], place) => ({
      key_id: { Value: keyId },
      chunk: { Value: paragraphChunk(keyId, text, format) },
      place: { Value: String(place) },
    })),
  });
}

function renderEditor(storyId: string, onWordCountChange = vi.fn()) {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ThemeProvider theme={theme}>
        <MemoryRouter>
          <AlertsProvider>
            <ChapterEditor
              storyId={storyId}
              chapterId="chapter-1"
              settings={{ spellcheck: false, autotab: true, highlight_associations: true }}
              toolbarStart={<span>Chapter One</span>}
              toolbarEnd={<button type="button">Export</button>}
              onWordCountChange={onWordCountChange}
            />
          </AlertsProvider>
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { onWordCountChange };
}

function paragraphTexts(): string[] {
  return [...screen.getByRole('textbox', { name: 'Chapter text' }).querySelectorAll('p')].map(
    (p) => p.textContent ?? '',
  );
}

/** The author's text in place of the last paragraph's (jsdom draws no caret: the DOM's selection is left alone). */
async function typeLastParagraph(text: string): Promise<void> {
  const editor = (
    screen.getByRole('textbox', { name: 'Chapter text' }) as { __lexicalEditor?: LexicalEditor }
  ).__lexicalEditor!;
  await act(async () => {
    editor.update(
      () => {
        const last = $getRoot().getLastChild();
        const node = $isElementNode(last) ? last.getFirstDescendant() : null;
        if ($isTextNode(node)) node.setTextContent(text);
      },
      { tag: SKIP_DOM_SELECTION_TAG },
    );
  });
}

/** The autosave's unsent changes of the story kept in the browser's database. */
async function unsentEntries(storyId: string): Promise<string[]> {
  const keys = await (await openOfflineDatabase()).getAllKeys('pendingOps');
  return keys.map(String).filter((key) => key.includes(`|${storyId}|`));
}

/** Ops another page of the app (a tab closed while offline) left unsent, once this page's store holds them. */
async function leaveUnsentOps(ops: PendingOp[]): Promise<void> {
  const otherPage = await openIndexedDbOpStore(await openOfflineDatabase(), undefined);
  for (const op of ops) otherPage.put(op);
  const scope = { storyId: ops[0]!.storyId, chapterId: ops[0]!.chapterId };
  await vi.waitFor(() => {
    const seen = getChapterQueue(scope).pendingOps().blocks.length;
    disposeChapterQueue(scope);
    expect(seen).toBe(ops.length);
  });
}

/** What a page left unsent: paragraph a typed on revision 1. */
const typedHere = (storyId: string): PendingOp => ({
  storyId,
  chapterId: 'chapter-1',
  retry: false,
  type: 'save',
  keyId: 'a',
  chunk: paragraphChunk('a', 'Typed here.'),
  place: 0,
  baseRevision: 1,
});

/** The content call answering paragraph a (its `text` at `revision`) and b, 'Kept.' at revision 1. */
const storedAB = (text: string, revision: number) =>
  jsonResponse({
    items: [
      {
        key_id: { Value: 'a' },
        chunk: { Value: paragraphChunk('a', text) },
        place: { Value: '0' },
        revision,
      },
      {
        key_id: { Value: 'b' },
        chunk: { Value: paragraphChunk('b', 'Kept.') },
        place: { Value: '1' },
        revision: 1,
      },
    ],
  });

describe('ChapterEditor', () => {
  it('shows the chapter in order with its formatting, the toolbar, its slots and the save status', async () => {
    const storyId = newStoryId();
    stubFetch(() =>
      contentResponse([
        ['a', 'It was a dark night.'],
        ['b', 'Bold words here.', 1],
      ]),
    );

    const { onWordCountChange } = renderEditor(storyId);

    await waitFor(() => expect(paragraphTexts()).toEqual(['It was a dark night.', 'Bold words here.']));
    const editor = screen.getByRole('textbox', { name: 'Chapter text' });
    expect(editor.querySelector('strong.lw-text-bold')?.textContent).toBe('Bold words here.');
    expect(editor.getAttribute('spellcheck')).toBe('false');
    for (const name of [
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Align left',
      'Align center',
      'Align right',
      'Justify',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByText('Chapter One')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Saved');
    expect(onWordCountChange).toHaveBeenLastCalledWith(8);
  });

  it('shows a paragraph holding only *** or # as a scene break', async () => {
    stubFetch(() =>
      contentResponse([
        ['a', 'The caravan left.'],
        ['b', '* * *'],
        ['c', '#'],
      ]),
    );

    renderEditor(newStoryId());

    await waitFor(() => expect(paragraphTexts()).toEqual(['The caravan left.', '* * *', '#']));
    const paragraphs = () => [...screen.getByRole('textbox', { name: 'Chapter text' }).querySelectorAll('p')];
    expect(paragraphs().map((paragraph) => paragraph.classList.contains('lw-scene-break'))).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('shows the opening paragraphs, not editable, while the rest is read, then the whole chapter to edit', async () => {
    const storyId = newStoryId();
    const rest = deferred<void>();
    const fetchMock = stubFetch(async (url, init) => {
      if (init.method !== undefined && init.method !== 'GET') return emptyResponse();
      if (new URL(url, 'http://localhost').searchParams.has('limit'))
        return contentResponse([['a', 'The opening.']]);
      await rest.promise;
      return contentResponse([
        ['a', 'The opening.'],
        ['b', 'The rest.'],
      ]);
    });

    renderEditor(storyId);

    const opening = await screen.findByLabelText('Chapter opening');
    expect(opening.textContent).toBe('The opening.');
    expect(opening.closest('[contenteditable="true"]')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Chapter text' })).toBeNull();

    rest.resolve();
    await waitFor(() => expect(paragraphTexts()).toEqual(['The opening.', 'The rest.']));
    expect(screen.queryByLabelText('Chapter opening')).toBeNull();
    await typeLastParagraph('The rest, typed on.');
    await waitFor(async () => {
      await getChapterQueue({ storyId, chapterId: 'chapter-1' }).flush();
      expect(bodiesSent(fetchMock, 'PUT', `/api/stories/${storyId}`).map(String).join()).toContain(
        'The rest, typed on.',
      );
    });
    expect(paragraphTexts()).toEqual(['The opening.', 'The rest, typed on.']);
  });

  it('lays changes an earlier page left unsent over the server content, then sends them', async () => {
    const storyId = newStoryId();
    const pending = { storyId, chapterId: 'chapter-1', retry: true };
    await leaveUnsentOps([
      { ...pending, type: 'save', keyId: 'a', chunk: paragraphChunk('a', 'Typed offline.'), place: 0 },
      { ...pending, type: 'delete', keyId: 'b' },
    ]);
    const fetchMock = stubFetch((url, init) =>
      init.method === 'GET' || init.method === undefined
        ? contentResponse([
            ['a', 'Old text.'],
            ['b', 'Deleted offline.'],
            ['c', 'Kept.'],
          ])
        : emptyResponse(),
    );

    renderEditor(storyId);

    await waitFor(() => expect(paragraphTexts()).toEqual(['Typed offline.', 'Kept.']));
    // Nothing unsent is left; the remembered caret (a key of its own) is not a change.
    await waitFor(async () => expect(await unsentEntries(storyId)).toEqual([]));
    const writes = fetchMock.mock.calls
      .filter(([, init]) => init?.method !== 'GET')
      .map(([url, init]) => `${init?.method} ${String(url)}`);
    // The save keeps 'a' at its place and the delete takes 'b' out of the server's order, which then matches
    // the page: no order change is sent.
    expect(writes).toEqual([`PUT /api/stories/${storyId}`, `DELETE /api/stories/${storyId}/block`]);
  });

  it('on 409 chapter_changed, reloads the chapter, keeps both versions of the paragraph marked, says so and saves again', async () => {
    const storyId = newStoryId();
    await leaveUnsentOps([typedHere(storyId)]);
    let reads = 0;
    const fetchMock = stubFetch((url, init) => {
      if (init.method === 'GET' || init.method === undefined) {
        reads += 1;
        // The first read is from before the other window's save; the reload after the 409 sees it.
        return reads === 1 ? storedAB('Loaded.', 1) : storedAB('Typed elsewhere.', 2);
      }
      if (reads === 1) return jsonResponse({ error: 'chapter_changed', message: 'Changed elsewhere.' }, 409);
      return emptyResponse();
    });

    renderEditor(storyId);

    await waitFor(() =>
      expect(paragraphTexts()).toEqual(['Typed elsewhere.', '[Conflicted copy] Typed here.', 'Kept.']),
    );
    expect(await screen.findByText('Chapter changed elsewhere')).toBeTruthy();
    // Nothing unsent is left; the remembered caret (a key of its own) is not a change.
    await waitFor(async () => expect(await unsentEntries(storyId)).toEqual([]));
    const saves = bodiesSent(fetchMock, 'PUT', `/api/stories/${storyId}`).map(
      (body) => JSON.parse(String(body)) as { blocks: { key_id: string; base_revision?: number }[] },
    );
    expect(saves.map((body) => body.blocks.map((block) => [block.key_id, block.base_revision]))).toEqual([
      [['a', 1]],
      [[expect.any(String), 0]],
    ]);
  });

  it('on 409 chapter_changed, keeps the editor open and what the author types while the chapter is read again', async () => {
    const storyId = newStoryId();
    await leaveUnsentOps([typedHere(storyId)]);
    let reads = 0;
    const readAgain = deferred<void>();
    const fetchMock = stubFetch(async (url, init) => {
      if (init.method === 'GET' || init.method === undefined) {
        reads += 1;
        if (reads === 1) return storedAB('Loaded.', 1);
        await readAgain.promise;
        return storedAB('Typed elsewhere.', 2);
      }
      if (reads === 1) return jsonResponse({ error: 'chapter_changed', message: 'Changed elsewhere.' }, 409);
      return emptyResponse();
    });

    renderEditor(storyId);
    await waitFor(() => expect(reads).toBe(2));
    const textbox = screen.getByRole('textbox', { name: 'Chapter text' });
    await typeLastParagraph('Kept, and typed on meanwhile.');
    readAgain.resolve();

    await waitFor(() =>
      expect(paragraphTexts()).toEqual([
        'Typed elsewhere.',
        '[Conflicted copy] Typed here.',
        'Kept, and typed on meanwhile.',
      ]),
    );
    expect(screen.getByRole('textbox', { name: 'Chapter text' })).toBe(textbox);
    await waitFor(async () => {
      await getChapterQueue({ storyId, chapterId: 'chapter-1' }).flush();
      const saves = bodiesSent(fetchMock, 'PUT', `/api/stories/${storyId}`).map(String).join();
      expect(saves).toContain('Kept, and typed on meanwhile.');
      expect(saves).toContain('[Conflicted copy] ');
    });
  });

  it('starts a chapter still being created (501) with one empty paragraph and says so until dismissed', async () => {
    const storyId = newStoryId();
    stubFetch(() => jsonResponse({ error: 'chapter_being_created' }, 501));

    renderEditor(storyId);

    expect(await screen.findByText('Chapter Being Created')).toBeTruthy();
    expect(paragraphTexts()).toEqual(['']);
  });

  it('shows a chapter whose creation failed as not created, without the being-created alert, and asks for it again on Try again', async () => {
    const storyId = newStoryId();
    const fetchStub = stubFetch((url, init) =>
      init?.method === 'POST'
        ? jsonResponse({
            id: 'chapter-1',
            chapter_id: 'chapter-1',
            story_id: storyId,
            title: 'Chapter One',
            place: 1,
            status: 'creating',
            synopsis: null,
            stage: null,
          })
        : jsonResponse(
            { error: 'chapter_creation_failed', message: 'This chapter could not be created.' },
            409,
          ),
    );

    renderEditor(storyId);

    const message = await screen.findByRole('alert');
    expect(message.textContent).toContain('Chapter not created');
    expect(screen.queryByText('Chapter Being Created')).toBeNull();
    expect(screen.getByTestId('save-status').textContent).toBe('Saved');
    expect(paragraphTexts()).toEqual(['']);

    screen.getByRole('button', { name: 'Try again' }).click();

    await waitFor(() => expect(screen.queryByText('Chapter not created')).toBeNull());
    const posted = fetchStub.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posted.map(([url]) => String(url))).toEqual([
      expect.stringContaining(`/api/stories/${storyId}/chapters/chapter-1/retry-creation`),
    ]);
  });

  it('starts a chapter the server does not have (404) with one empty paragraph', async () => {
    const storyId = newStoryId();
    stubFetch(() => jsonResponse({ error: 'not_found' }, 404));

    renderEditor(storyId);

    await waitFor(() => expect(paragraphTexts()).toEqual(['']));
  });

  it('reports a chapter it cannot load, and offers to try again', async () => {
    const storyId = newStoryId();
    let fail = true;
    stubFetch(() => (fail ? jsonResponse({ error: 'internal' }, 500) : contentResponse([['a', 'Back.']])));
    silenceConsoleErrors();

    renderEditor(storyId);

    expect(await screen.findByText('Error retrieving data')).toBeTruthy();
    fail = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    await waitFor(() => expect(paragraphTexts()).toEqual(['Back.']));
  });
});
