import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderApp } from '../../helpers/render-app';
import { silenceConsoleErrors } from '../../helpers/console';
import { openChapterId, renderWorkspace } from './render-workspace';
import { buildChapter, buildStory, stubWorkspaceServer } from './workspace-server';
import { serverError } from '../../helpers/fetch-stub';
import { lastChapterStorageKey } from '../../../../web/src/editor/plugins/caret-memory-plugin/last-edited-chapter';

vi.mock('../../../../web/src/editor/chapter-editor', () => import('./fake-chapter-editor'));

const chapters = [buildChapter('c2', 2, { title: 'Arrival' }), buildChapter('c1', 1, { title: 'Departure' })];

describe('the workspace address', () => {
  it('opens the first chapter by place and names it in the address without adding a history entry', async () => {
    // Arrange
    stubWorkspaceServer({ story: buildStory(chapters) });

    // Act
    const { router } = await renderWorkspace('/stories/s1');

    // Assert
    expect(openChapterId()).toBe('c1');
    await waitFor(() => expect(router.state.location.search).toBe('?chapter=c1'));
    expect(router.state.location.pathname).toBe('/stories/s1');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('opens the chapter last edited in this browser when the address names none', async () => {
    // Arrange
    stubWorkspaceServer({ story: buildStory(chapters) });
    localStorage.setItem(lastChapterStorageKey('s1'), 'c2');
    onTestFinished(() => localStorage.clear());

    // Act
    const { router } = await renderWorkspace('/stories/s1');

    // Assert
    expect(openChapterId()).toBe('c2');
    await waitFor(() => expect(router.state.location.search).toBe('?chapter=c2'));
  });

  it('opens the chapter the address names', async () => {
    // Arrange
    stubWorkspaceServer({ story: buildStory(chapters) });

    // Act
    const { router } = await renderWorkspace('/stories/s1?chapter=c2');

    // Assert
    expect(openChapterId()).toBe('c2');
    expect(router.state.location.search).toBe('?chapter=c2');
    expect(router.state.historyAction).toBe('POP');
  });

  it('falls back to the first chapter when the address names a chapter the story does not have', async () => {
    // Arrange
    stubWorkspaceServer({ story: buildStory(chapters) });

    // Act
    const { router } = await renderWorkspace('/stories/s1?chapter=gone');

    // Assert
    expect(openChapterId()).toBe('c1');
    await waitFor(() => expect(router.state.location.search).toBe('?chapter=c1'));
  });

  it('shows the chapter title in the editor toolbar', async () => {
    // Arrange
    stubWorkspaceServer({ story: buildStory(chapters) });

    // Act
    await renderWorkspace('/stories/s1?chapter=c2');

    // Assert
    expect(screen.getByRole('button', { name: /^Chapter title: Arrival\./ })).toBeTruthy();
  });

  it('tells the author when the story cannot be loaded', async () => {
    // Arrange
    silenceConsoleErrors();
    stubWorkspaceServer({
      story: buildStory(chapters),
      handle: (url) => (url === '/api/stories/s1' ? serverError() : undefined),
    });

    // Act
    renderApp('/stories/s1');

    // Assert
    expect(await screen.findByText('Error retrieving data')).toBeTruthy();
    expect(
      screen.getByText('We are experiencing difficulty retrieving some or all of your data'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your stories' }).getAttribute('href')).toBe('/stories');
  });
});
