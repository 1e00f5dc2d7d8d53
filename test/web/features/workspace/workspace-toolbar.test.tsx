import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answering, bodiesSent, deferred, jsonResponse, serverError } from '../../helpers/fetch-stub';
import type * as AutosaveModule from '../../../../web/src/editor/autosave';
import { flushAllChapterQueues } from '../../../../web/src/editor/autosave';
import { buildUser, paidSubscription } from '../../helpers/render-app';
import { stubTouchScreen, stubViewportWidth } from '../../helpers/viewport';
import { silenceConsoleErrors } from '../../helpers/console';
import { renderWorkspace } from './render-workspace';
import { buildChapter, buildStory, stubWorkspaceServer } from './workspace-server';

vi.mock('../../../../web/src/editor/chapter-editor', () => import('./fake-chapter-editor'));
vi.mock('../../../../web/src/editor/autosave', async (importOriginal) => ({
  ...(await importOriginal<typeof AutosaveModule>()),
  flushAllChapterQueues: vi.fn(async () => undefined),
}));

const subscriber = buildUser(paidSubscription());

const story = buildStory([buildChapter('c1', 1, { title: 'Departure' }), buildChapter('c2', 2)]);

function renameChapterTo(title: string) {
  fireEvent.doubleClick(screen.getByRole('button', { name: /^Chapter title: Departure\./ }));
  const input = screen.getByRole('textbox', { name: 'Chapter title' });
  fireEvent.change(input, { target: { value: title } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('the chapter title', () => {
  it('renames the chapter on double-click and Enter, sending the chapter object without its synopsis and stage', async () => {
    // Arrange
    const renamed = { ...buildChapter('c1', 1), title: 'The Leaving' };
    const answer = deferred<Response>();
    const fetchMock = stubWorkspaceServer({
      story,
      handle: (url, init) =>
        init.method === 'PUT' && url === '/api/stories/s1/chapters/c1' ? answer.promise : undefined,
    });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    renameChapterTo('The Leaving');

    // Assert: the new title shows before the server has answered.
    expect(await screen.findByRole('button', { name: /^Chapter title: The Leaving\./ })).toBeTruthy();
    const [body] = bodiesSent(fetchMock, 'PUT', '/api/stories/s1/chapters/c1');
    const { synopsis: _synopsis, stage: _stage, ...sent } = renamed;
    expect(JSON.parse(String(body))).toEqual(sent);
    answer.resolve(jsonResponse(renamed));
  });

  it('puts the title back and says so when the rename fails', async () => {
    // Arrange
    silenceConsoleErrors();
    stubWorkspaceServer({
      story,
      handle: answering('PUT', '/api/stories/s1/chapters/c1', serverError()),
    });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    renameChapterTo('The Leaving');

    // Assert
    expect(
      await screen.findByText('There was an error updating your chapter. Please report this.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Chapter title: Departure\./ })).toBeTruthy();
  });

  it.each([
    [600, 'flex-start'],
    [601, 'flex-end'],
  ])('at a viewport %i px wide aligns to %s', async (width, alignment) => {
    // Arrange
    stubViewportWidth(width);
    stubWorkspaceServer({ story });

    // Act
    await renderWorkspace('/stories/s1?chapter=c1');

    // Assert
    const title = screen.getByRole('button', { name: /^Chapter title: Departure\./ });
    expect(getComputedStyle(title.parentElement!).justifyContent).toBe(alignment);
  });
});

describe('the export menu', () => {
  it('is disabled for a free account, with the reason in a tooltip', async () => {
    // Arrange
    stubWorkspaceServer({ story });
    await renderWorkspace('/stories/s1?chapter=c1');
    const exportButton = screen.getByRole('button', { name: 'Export' });

    // Act
    fireEvent.mouseOver(exportButton.parentElement!);

    // Assert
    expect((exportButton as HTMLButtonElement).disabled).toBe(true);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'Exporting stories is only available to subscribers',
    );
  });

  it('opens on click for a subscriber, offering the layouts (Manuscript chosen) and PDF, DOCX and EPUB', async () => {
    // Arrange
    stubWorkspaceServer({ story, user: subscriber });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));

    // Assert
    const menu = await screen.findByRole('menu');
    const layouts = within(menu).getAllByRole('menuitemradio');
    expect(layouts.map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ['ManuscriptStandard format for agents and editors', 'true'],
      ['BookPrint-ready pages and e-book, by the book settings', 'false'],
    ]);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Book settings…Trim, style, front and back matter', 'PDF', 'DOCX', 'EPUB']);
  });

  it('sends what autosave holds, then exports in the chosen layout and shows the link', async () => {
    // Arrange
    const events: string[] = [];
    vi.mocked(flushAllChapterQueues).mockImplementationOnce(async () => {
      events.push('autosave flushed');
    });
    const fetchMock = stubWorkspaceServer({
      story,
      user: subscriber,
      handle: (url, init) => {
        if (init.method !== 'PUT' || url !== '/api/stories/s1/export?type=docx') return undefined;
        events.push('export requested');
        return jsonResponse({ url: 'https://downloads.example/s1.docx' });
      },
    });
    await renderWorkspace('/stories/s1?chapter=c1');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));

    // Act
    fireEvent.click(await screen.findByRole('menuitemradio', { name: /^Book/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'DOCX' }));

    // Assert
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Conversion complete')).toBeTruthy();
    expect(within(alert).getByText('Right-click the link to save your document.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Download DOCX' }).getAttribute('href')).toBe(
      'https://downloads.example/s1.docx',
    );
    expect(events).toEqual(['autosave flushed', 'export requested']);
    const [body] = bodiesSent(fetchMock, 'PUT', '/api/stories/s1/export?type=docx');
    expect(JSON.parse(String(body))).toEqual({
      html_by_chapter: [],
      title: 'The Salt Road',
      storyID: 's1',
      type: 'docx',
      layout: 'book',
    });
  });

  it("sends stages: ['final'] when 'Final chapters only' is ticked", async () => {
    // Arrange
    const fetchMock = stubWorkspaceServer({
      story,
      user: subscriber,
      handle: (url, init) =>
        init.method === 'PUT' && url === '/api/stories/s1/export?type=pdf'
          ? jsonResponse({ url: 'https://downloads.example/s1.pdf' })
          : undefined,
    });
    await renderWorkspace('/stories/s1?chapter=c1');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));

    // Act
    const finalOnly = await screen.findByRole('menuitemcheckbox', { name: /^Final chapters only/ });
    fireEvent.click(finalOnly);
    fireEvent.click(screen.getByRole('menuitem', { name: 'PDF' }));

    // Assert
    await screen.findByRole('alert');
    expect(finalOnly.getAttribute('aria-checked')).toBe('true');
    const [body] = bodiesSent(fetchMock, 'PUT', '/api/stories/s1/export?type=pdf');
    expect(JSON.parse(String(body))).toMatchObject({ layout: 'manuscript', stages: ['final'] });
  });

  it('on a touch screen says to tap the link, which downloads the file in place of opening a tab', async () => {
    // Arrange
    stubTouchScreen();
    stubWorkspaceServer({
      story,
      user: subscriber,
      handle: (url, init) =>
        init.method === 'PUT' && url === '/api/stories/s1/export?type=pdf'
          ? jsonResponse({ url: 'https://downloads.example/s1.pdf' })
          : undefined,
    });
    await renderWorkspace('/stories/s1?chapter=c1');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));

    // Act
    fireEvent.click(await screen.findByRole('menuitem', { name: 'PDF' }));

    // Assert
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Tap the link to save your document.')).toBeTruthy();
    const link = within(alert).getByRole('link', { name: 'Download PDF' });
    expect(link.hasAttribute('download')).toBe(true);
    expect(link.getAttribute('target')).toBeNull();
  });

  it('shows its progress while the server makes the file', async () => {
    // Arrange
    const answer = deferred<Response>();
    stubWorkspaceServer({
      story,
      user: subscriber,
      handle: (url, init) =>
        init.method === 'PUT' && url === '/api/stories/s1/export?type=pdf' ? answer.promise : undefined,
    });
    await renderWorkspace('/stories/s1?chapter=c1');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));

    // Act
    fireEvent.click(await screen.findByRole('menuitem', { name: 'PDF' }));

    // Assert
    expect(await screen.findByText('Exporting PDF…')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement;
    expect([button.disabled, button.getAttribute('aria-busy')]).toEqual([true, 'true']);
    answer.resolve(jsonResponse({ url: 'https://downloads.example/s1.pdf' }));
    expect(await screen.findByText('Conversion complete')).toBeTruthy();
    expect([button.disabled, button.getAttribute('aria-busy'), screen.queryByText('Exporting PDF…')]).toEqual(
      [false, 'false', null],
    );
  });

  it.each([
    [401, 'Insufficient subscription', 'Free accounts are unable to export their stories.'],
    [
      500,
      'Error',
      `Unable to export your document at this time. Please try again later, or contact support at an address on ${window.location.host}.`,
    ],
  ])("answers a %i with the spec's alert", async (status, title, message) => {
    // Arrange
    silenceConsoleErrors();
    stubWorkspaceServer({
      story,
      user: subscriber,
      handle: answering(
        'PUT',
        '/api/stories/s1/export?type=epub',
        jsonResponse({ error: 'x', message: 'x' }, status),
      ),
    });
    await renderWorkspace('/stories/s1?chapter=c1');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));

    // Act
    fireEvent.click(await screen.findByRole('menuitem', { name: 'EPUB' }));

    // Assert
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(title)).toBeTruthy();
    expect(within(alert).getByText(message)).toBeTruthy();
  });

  it('closes when dismissed', async () => {
    // Arrange
    stubWorkspaceServer({ story, user: subscriber });
    await renderWorkspace('/stories/s1?chapter=c1');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByRole('menu');

    // Act
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });

    // Assert
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('button', { name: 'Export' }).getAttribute('aria-expanded')).toBe('false');
  });
});
