import { beforeEach, describe, expect, it, vi } from 'vitest';
import { drawChapterOpening, openingTexts } from '../../../web/src/boot/chapter-opening-frame';
import { startEarlyReads } from '../../../web/src/boot/start-early-reads';
import { openOfflineDatabase } from '../../../web/src/lib/offline/offline-database';
import { buildChapter, buildStory, storedParagraph } from '../features/workspace/workspace-server';
import { emptyResponse, jsonResponse, stubFetch } from '../helpers/fetch-stub';

const PENDING_KEY = 'loreweaver.pending.v1|s1|c1|block|p1';

/** A server of story s1 whose first chapter opens with two paragraphs, the second empty. */
function stubStoryServer() {
  return stubFetch((url) => {
    const address = new URL(url, 'http://localhost');
    if (address.pathname === '/api/stories/s1') return jsonResponse(buildStory([buildChapter('c1', 1)]));
    if (address.pathname === '/api/stories/s1/settings')
      return jsonResponse({ text_size: 'large', font: 'sans-serif' });
    if (address.pathname === '/api/stories/s1/content') {
      return jsonResponse({
        items: [storedParagraph('p1', 'It began at the well.'), storedParagraph('p2', '')],
      });
    }
    return emptyResponse(404);
  });
}

function frameOnPage(): HTMLElement {
  const frame = document.createElement('div');
  document.body.replaceChildren(frame);
  return frame;
}

const startAt = (frame: HTMLElement) =>
  startEarlyReads({
    address: new URL('/stories/s1', 'http://localhost'),
    storage: localStorage,
    frame: Promise.resolve(frame),
    openDatabase: openOfflineDatabase,
  });

/** Once the opening was read and the unsent changes weighed (the database is then open), nothing is drawn. */
async function expectNothingDrawn(fetchMock: ReturnType<typeof stubFetch>, frame: HTMLElement) {
  await vi.waitFor(() =>
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/stories/s1/content?chapter=c1&limit=40',
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(frame.querySelector('.app-frame-opening')).toBeNull();
}

const drawnTexts = (frame: HTMLElement) =>
  [...frame.querySelectorAll('p')].map((paragraph) => paragraph.textContent);

beforeEach(async () => {
  localStorage.clear();
  await (await openOfflineDatabase()).clear('pendingOps');
});

describe("the chapter's opening drawn before the app (issue 26 §3)", () => {
  it('reads the texts of an opening answer, and nothing of what is not one', () => {
    // Arrange
    const answer = { items: [storedParagraph('p1', 'One.'), storedParagraph('p2', '')] };

    // Act
    const texts = [
      openingTexts(answer),
      openingTexts({ items: [{ chunk: { Value: '{' } }] }),
      openingTexts(null),
    ];

    // Assert
    expect(texts).toEqual([['One.', ''], undefined, undefined]);
  });

  it('sets the text in the story’s type, an empty paragraph kept as a line', () => {
    // Arrange
    const frame = frameOnPage();

    // Act
    drawChapterOpening(frame, ['One.', ''], { text_size: 'large', font: 'monospace' });

    // Assert
    const column = frame.querySelector<HTMLElement>('.app-frame-opening')!;
    expect(column.style.fontFamily).toContain('Courier Prime');
    expect(column.style.getPropertyValue('--opening-size')).toBe('21px');
    expect(drawnTexts(frame)).toEqual(['One.', '']);
    expect(frame.querySelectorAll('p br')).toHaveLength(1);
  });

  it('draws the opening of the chapter the workspace opens', async () => {
    // Arrange
    stubStoryServer();
    const frame = frameOnPage();

    // Act
    startAt(frame);

    // Assert
    await vi.waitFor(() => expect(drawnTexts(frame)).toEqual(['It began at the well.', '']));
    expect(frame.querySelector<HTMLElement>('.app-frame-opening')!.style.fontFamily).toContain('system-ui');
  });

  it('draws nothing while the browser holds unsent changes of the chapter', async () => {
    // Arrange
    const fetchMock = stubStoryServer();
    const database = await openOfflineDatabase();
    await database.put(
      'pendingOps',
      { type: 'save', storyId: 's1', chapterId: 'c1', keyId: 'p1', chunk: '{}', place: 0, retry: false },
      PENDING_KEY,
    );
    const frame = frameOnPage();

    // Act
    startAt(frame);

    // Assert
    await expectNothingDrawn(fetchMock, frame);
  });

  it('draws nothing while a closed page left unsent changes in localStorage', async () => {
    // Arrange
    const fetchMock = stubStoryServer();
    localStorage.setItem(PENDING_KEY, '{}');
    const frame = frameOnPage();

    // Act
    startAt(frame);

    // Assert
    await expectNothingDrawn(fetchMock, frame);
  });
});
