import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answering, bodiesSent, deferred, jsonResponse, serverError } from '../../helpers/fetch-stub';
import { buildUser, paidSubscription } from '../../helpers/render-app';
import { stubViewportWidth } from '../../helpers/viewport';
import { silenceConsoleErrors } from '../../helpers/console';
import { renderWorkspace } from './render-workspace';
import { buildChapter, buildStory, stubWorkspaceServer } from './workspace-server';

vi.mock('../../../../web/src/editor/chapter-editor', () => import('./fake-chapter-editor'));

const story = buildStory([buildChapter('c1', 1, { title: 'Departure' }), buildChapter('c2', 2)]);

function renameChapterTo(title: string) {
  fireEvent.doubleClick(screen.getByRole('button', { name: /^Chapter title: Departure\./ }));
  const input = screen.getByRole('textbox', { name: 'Chapter title' });
  fireEvent.change(input, { target: { value: title } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('the chapter title', () => {
  it('renames the chapter on double-click and Enter, sending the whole chapter', async () => {
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
    expect(JSON.parse(String(body))).toEqual(renamed);
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

  it('opens on click for a subscriber, listing PDF and DOCX, not yet available', async () => {
    // Arrange
    stubWorkspaceServer({ story, user: buildUser(paidSubscription()) });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));

    // Assert
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['PDF', 'DOCX']);
    expect(items.every((item) => item.getAttribute('aria-disabled') === 'true')).toBe(true);
  });

  it('closes when dismissed', async () => {
    // Arrange
    stubWorkspaceServer({ story, user: buildUser(paidSubscription()) });
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
