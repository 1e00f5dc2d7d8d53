import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answering, bodiesSent, jsonResponse, serverError } from '../../helpers/fetch-stub';
import { silenceConsoleErrors } from '../../helpers/console';
import { renderWorkspace } from './render-workspace';
import { buildChapter, buildStory, stubWorkspaceServer } from './workspace-server';

vi.mock('../../../../web/src/editor/chapter-editor', () => import('./fake-chapter-editor'));

const chapters = [buildChapter('c1', 1)];
const volume = buildStory(chapters, { series_id: 'r1', series_title: 'The Desert Books', series_place: 1 });
const series = {
  series_id: 'r1',
  series_title: 'The Desert Books',
  series_description: 'Three crossings.',
  image_url: '',
  stories: [],
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
};

/** Renames in place; renaming arrives with its own chunk, just after the title shows. */
async function rename(label: string, title: string) {
  fireEvent.doubleClick(await screen.findByRole('button', { name: new RegExp(`^${label}: `) }));
  const input = screen.getByRole('textbox', { name: label });
  fireEvent.change(input, { target: { value: title } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

function formFields(body: unknown) {
  return Object.fromEntries((body as FormData).entries());
}

describe('the workspace header', () => {
  it('renames the story, sending its description with the new title', async () => {
    // Arrange
    const fetchMock = stubWorkspaceServer({
      story: buildStory(chapters),
      handle: answering('PUT', '/api/stories/s1/details', jsonResponse(buildStory([]))),
    });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    await rename('Story title', 'The Salt Roads');

    // Assert
    await waitFor(() => expect(bodiesSent(fetchMock, 'PUT', '/api/stories/s1/details')).toHaveLength(1));
    const [body] = bodiesSent(fetchMock, 'PUT', '/api/stories/s1/details');
    expect(formFields(body)).toEqual({
      title: 'The Salt Roads',
      description: 'A caravan crosses the desert.',
    });
    expect(screen.getByRole('button', { name: /^Story title: The Salt Roads\./ })).toBeTruthy();
  });

  it('refuses a story title the rules do not allow, without a call', async () => {
    // Arrange
    const fetchMock = stubWorkspaceServer({ story: buildStory(chapters) });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    await rename('Story title', 'aws:Roads & Rivers');

    // Assert
    expect(await screen.findByText('Invalid Title')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'PUT', '/api/stories/s1/details')).toHaveLength(0);
    expect(screen.getByRole('button', { name: /^Story title: The Salt Road\./ })).toBeTruthy();
  });

  it('puts the story title back and says so when the rename fails', async () => {
    // Arrange
    silenceConsoleErrors();
    stubWorkspaceServer({
      story: buildStory(chapters),
      handle: answering('PUT', '/api/stories/s1/details', serverError()),
    });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    await rename('Story title', 'The Salt Roads');

    // Assert
    expect(
      await screen.findByText('There was an error updating your story title. Please report this.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Story title: The Salt Road\./ })).toBeTruthy();
  });

  it("renames the story's series, keeping its description", async () => {
    // Arrange
    const fetchMock = stubWorkspaceServer({
      story: volume,
      handle: (url, init) => {
        if (url !== '/api/series/r1') return undefined;
        return init.method === 'PUT'
          ? jsonResponse({ ...series, series_title: 'Sand' })
          : jsonResponse(series);
      },
    });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    await rename('Series title', 'Sand');

    // Assert
    await waitFor(() => expect(bodiesSent(fetchMock, 'PUT', '/api/series/r1')).toHaveLength(1));
    const [body] = bodiesSent(fetchMock, 'PUT', '/api/series/r1');
    expect(formFields(body)).toEqual({ series_title: 'Sand' });
  });

  it('says so when the series rename fails', async () => {
    // Arrange
    silenceConsoleErrors();
    stubWorkspaceServer({
      story: volume,
      handle: (url) => (url === '/api/series/r1' ? serverError() : undefined),
    });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    await rename('Series title', 'Sand');

    // Assert
    expect(
      await screen.findByText('There was an error updating your series title. Please report this.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Series title: The Desert Books\./ })).toBeTruthy();
  });

  it('shows no series title for a standalone story', async () => {
    // Arrange
    stubWorkspaceServer({ story: buildStory(chapters) });

    // Act
    await renderWorkspace('/stories/s1?chapter=c1');

    // Assert: the story title can be renamed by now, so a series title would show as well.
    expect(await screen.findByRole('button', { name: /^Story title: / })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Series title/ })).toBeNull();
  });
});
