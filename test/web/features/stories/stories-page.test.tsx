import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getChapterQueue, openPendingOpStore } from '../../../../web/src/editor/autosave';
import { renderApp } from '../../helpers/render-app';
import { buildSeries, buildStory, emptyResponse, jsonResponse, stubServer } from '../library-fixtures';
import { serverError } from '../../helpers/fetch-stub';
import { silenceConsoleErrors } from '../../helpers/console';

beforeAll(() => openPendingOpStore());

beforeEach(() => {
  silenceConsoleErrors();
});

function library(stories: ReturnType<typeof buildStory>[], series: ReturnType<typeof buildSeries>[]) {
  return stubServer({
    'GET /api/stories': jsonResponse([...stories, ...series.flatMap((item) => item.stories)]),
    'GET /api/series': jsonResponse(series),
  });
}

const sixVolumes = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'].map((word, index) => ({
  story_id: `v${index + 1}`,
  title: `Book ${word}`,
}));

describe('the story list', () => {
  it('shows the empty state in the page, with the big plus button to /stories/new', async () => {
    // Arrange
    library([], []);

    // Act
    renderApp('/stories');

    // Assert
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The Loreweaver is In')).toBeTruthy();
    expect(alert.textContent).toContain(
      "...but you haven't created any stories yet. Hit the big plus button to make one.",
    );
    expect(screen.getByRole('link', { name: 'Create Story' }).getAttribute('href')).toBe('/stories/new');
  });

  it('shows a standalone story with its description, a link to it and an edit link', async () => {
    // Arrange
    library(
      [buildStory({ story_id: 's1', title: 'The Long Road', description: 'Two sisters walk north.' })],
      [],
    );

    // Act
    renderApp('/stories');

    // Assert
    const card = await screen.findByRole('article', { name: 'The Long Road' });
    expect(within(card).getByRole('link', { name: 'The Long Road' }).getAttribute('href')).toBe(
      '/stories/s1',
    );
    expect(within(card).getByRole('link', { name: 'Edit The Long Road' }).getAttribute('href')).toBe(
      '/stories/s1/edit',
    );
    expect(within(card).getByText('Two sisters walk north.')).toBeTruthy();
    expect(screen.queryByText('The Loreweaver is In')).toBeNull();
  });

  it("loads the covers of the first four cards at once (the page's first script loads the same) and the rest lazily", async () => {
    library(
      ['One', 'Two', 'Three', 'Four', 'Five'].map((word) =>
        buildStory({ story_id: word, title: `Book ${word}`, image_url: `/images/${word}.jpg` }),
      ),
      [],
    );

    renderApp('/stories');

    await screen.findByRole('article', { name: 'Book Five' });
    const covers = [...document.querySelectorAll('article img')].map((image) => [
      image.getAttribute('src'),
      image.getAttribute('loading'),
    ]);
    expect(covers).toEqual([
      ['/images/One.jpg', 'eager'],
      ['/images/Two.jpg', 'eager'],
      ['/images/Three.jpg', 'eager'],
      ['/images/Four.jpg', 'eager'],
      ['/images/Five.jpg', 'lazy'],
    ]);
  });

  it('shows 4 story avatars of a series and counts the rest as +N', async () => {
    // Arrange
    library([], [buildSeries({ series_id: 'r1', series_title: 'The Expanse' }, sixVolumes)]);

    // Act
    renderApp('/stories');

    // Assert
    const card = await screen.findByRole('article', { name: 'The Expanse' });
    const avatarLinks = within(card)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.match(/^\/stories\/v\d$/));
    expect(avatarLinks.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Book One',
      'Book Two',
      'Book Three',
      'Book Four',
    ]);
    expect(within(card).getByRole('button', { name: '+2 more stories' }).textContent).toBe('+2');
  });

  it('orders the avatars by place, not by the order they arrive in', async () => {
    // Arrange
    const series = buildSeries({ series_id: 'r1', series_title: 'Saga' }, [
      { story_id: 'v1', title: 'Third', place: 3 },
      { story_id: 'v2', title: 'First', place: 1 },
      { story_id: 'v3', title: 'Second', place: 2 },
    ]);
    library([], [series]);

    // Act
    renderApp('/stories');

    // Assert
    const card = await screen.findByRole('article', { name: 'Saga' });
    const names = within(card)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.match(/^\/stories\/v\d$/))
      .map((link) => link.getAttribute('aria-label'));
    expect(names).toEqual(['First', 'Second', 'Third']);
    expect(within(card).queryByRole('button', { name: /more stories/ })).toBeNull();
  });

  it('opens the side list of all stories by place from +N', async () => {
    // Arrange
    library([], [buildSeries({ series_id: 'r1', series_title: 'The Expanse' }, sixVolumes)]);
    renderApp('/stories');
    const card = await screen.findByRole('article', { name: 'The Expanse' });

    // Act
    fireEvent.click(within(card).getByRole('button', { name: '+2 more stories' }));

    // Assert
    const list = await screen.findByRole('list', { name: 'Stories in The Expanse' });
    const titles = within(list)
      .getAllByText(/^Book /)
      .map((title) => title.textContent);
    expect(titles).toEqual(sixVolumes.map((volume) => volume.title));
    expect(within(list).getByText(/^Volume 6 · /)).toBeTruthy();
  });

  it("shows each card's words and last edit, a series' from its volumes, and opens a series from its title", async () => {
    // Arrange
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const series = buildSeries({ series_id: 'r1', series_title: 'The Expanse' }, sixVolumes.slice(0, 2));
    series.stories[0] = { ...series.stories[0]!, word_count: 1000, last_edited_at: daysAgo(3) };
    series.stories[1] = { ...series.stories[1]!, word_count: 234, last_edited_at: daysAgo(1) };
    library(
      [
        buildStory({
          story_id: 's1',
          title: 'The Long Road',
          word_count: 81_250,
          last_edited_at: daysAgo(2),
        }),
      ],
      [series],
    );
    renderApp('/stories');

    // Act
    const storyCard = await screen.findByRole('article', { name: 'The Long Road' });
    const seriesCard = screen.getByRole('article', { name: 'The Expanse' });
    fireEvent.click(within(seriesCard).getByRole('button', { name: 'The Expanse' }));

    // Assert
    expect(storyCard.textContent).toContain('81,250 words · Edited 2 days ago');
    expect(seriesCard.textContent).toContain('1,234 words · Edited yesterday');
    const list = await screen.findByRole('list', { name: 'Stories in The Expanse' });
    expect(within(list).getByText('Volume 1 · 1,000 words · Edited 3 days ago')).toBeTruthy();
  });

  it("says 'No stories assigned.' on an empty series and 'No stories added yet' in its side list", async () => {
    // Arrange
    library([], [buildSeries({ series_id: 'r1', series_title: 'Unwritten' })]);
    renderApp('/stories');
    const card = await screen.findByRole('article', { name: 'Unwritten' });

    // Act
    const emptyCardText = within(card).queryByText('No stories assigned.');
    fireEvent.click(within(card).getByRole('button', { name: 'Show the stories of Unwritten' }));

    // Assert
    expect(emptyCardText).toBeTruthy();
    expect(await screen.findByText('No stories added yet')).toBeTruthy();
  });

  it("shows 'No description' for a series without one", async () => {
    // Arrange
    library([], [buildSeries({ series_id: 'r1', series_title: 'Quiet', series_description: '' })]);

    // Act
    renderApp('/stories');

    // Assert
    const card = await screen.findByRole('article', { name: 'Quiet' });
    expect(within(card).getByText('No description')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Edit Quiet' }).getAttribute('href')).toBe(
      '/series/r1/edit',
    );
  });

  it('lists volumes only in their series, not as standalone stories', async () => {
    // Arrange
    library(
      [buildStory({ story_id: 's1', title: 'Alone' })],
      [buildSeries({ series_id: 'r1', series_title: 'Saga' }, [{ story_id: 'v1', title: 'Inside' }])],
    );

    // Act
    renderApp('/stories');

    // Assert
    expect(await screen.findByRole('article', { name: 'Alone' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Inside' })).toBeNull();
  });

  it('deletes a story after the spec confirmation', async () => {
    // Arrange
    const { requests } = stubServer({
      'GET /api/stories': jsonResponse([buildStory({ story_id: 's1', title: 'The Long Road' })]),
      'GET /api/series': jsonResponse([]),
      'DELETE /api/stories/s1': emptyResponse(204),
    });
    renderApp('/stories');
    const card = await screen.findByRole('article', { name: 'The Long Road' });
    fireEvent.click(within(card).getByRole('button', { name: 'Delete The Long Road' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete story' });

    // Act
    const question = within(dialog).getByText('Delete story The Long Road?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    // Assert
    expect(question).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'The Long Road' })).toBeNull());
    await waitFor(() =>
      expect(
        requests.some((request) => request.method === 'DELETE' && request.url === '/api/stories/s1'),
      ).toBe(true),
    );
  });

  it('says where a deleted story can be restored from, and brings it back with Undo', async () => {
    // Arrange
    const { requests } = stubServer({
      'GET /api/stories': jsonResponse([buildStory({ story_id: 's1', title: 'The Long Road' })]),
      'GET /api/series': jsonResponse([]),
      'DELETE /api/stories/s1': emptyResponse(204),
      'POST /api/trash/stories/s1/restore': emptyResponse(204),
    });
    renderApp('/stories');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete The Long Road' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete story' });
    const note = within(dialog).getByText('You can restore it for 30 days from Settings › Recently deleted.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const toast = (await screen.findByText('Story deleted')).closest<HTMLElement>('[role="alert"]')!;

    // Act
    fireEvent.click(within(toast).getByRole('button', { name: 'Undo', hidden: true }));

    // Assert
    expect(note).toBeTruthy();
    expect(toast.textContent).toContain('“The Long Road” can be restored from Settings › Recently deleted');
    expect(await screen.findByRole('article', { name: 'The Long Road' })).toBeTruthy();
    expect(
      requests.filter(
        (request) => request.method === 'POST' && request.url === '/api/trash/stories/s1/restore',
      ),
    ).toHaveLength(1);
  });

  it("stops a deleted story's autosave queues once the server deleted it", async () => {
    // Arrange
    stubServer({
      'GET /api/stories': jsonResponse([buildStory({ story_id: 's1', title: 'The Long Road' })]),
      'GET /api/series': jsonResponse([]),
      'DELETE /api/stories/s1': emptyResponse(204),
    });
    const queue = getChapterQueue({ storyId: 's1', chapterId: 'c1' });
    const otherStoryQueue = getChapterQueue({ storyId: 's2', chapterId: 'c1' });
    renderApp('/stories');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete The Long Road' }));

    // Act
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    // Assert
    await waitFor(() => expect(getChapterQueue({ storyId: 's1', chapterId: 'c1' })).not.toBe(queue));
    expect(getChapterQueue({ storyId: 's2', chapterId: 'c1' })).toBe(otherStoryQueue);
  });

  it('keeps the story when the confirmation is cancelled', async () => {
    // Arrange
    const { requests } = library([buildStory({ story_id: 's1', title: 'Kept' })], []);
    renderApp('/stories');
    const card = await screen.findByRole('article', { name: 'Kept' });
    fireEvent.click(within(card).getByRole('button', { name: 'Delete Kept' }));

    // Act
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));

    // Assert
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('article', { name: 'Kept' })).toBeTruthy();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
  });

  it('hides the card and only logs when a deletion fails, its autosave queues kept', async () => {
    // Arrange
    stubServer({
      'GET /api/stories': jsonResponse([buildStory({ story_id: 's1', title: 'Stubborn' })]),
      'GET /api/series': jsonResponse([]),
      'DELETE /api/stories/s1': serverError(),
    });
    const queue = getChapterQueue({ storyId: 's1', chapterId: 'c1' });
    renderApp('/stories');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Stubborn' }));

    // Act
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    // Assert
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Deleting story s1 failed.', expect.anything()),
    );
    expect(screen.queryByRole('article', { name: 'Stubborn' })).toBeNull();
    // The failure is only logged: no alert tells of it (the empty list's welcome may show once the card is gone).
    expect(screen.queryAllByRole('alert').map((alert) => alert.textContent)).not.toContainEqual(
      expect.stringMatching(/fail|error|could not/i),
    );
    expect(getChapterQueue({ storyId: 's1', chapterId: 'c1' })).toBe(queue);
  });

  it('turns the volumes of a deleted series into standalone stories, a 501 counting as success', async () => {
    // Arrange
    stubServer({
      'GET /api/stories': jsonResponse(
        buildSeries({ series_id: 'r1', series_title: 'Saga' }, [{ story_id: 'v1', title: 'Inside' }]).stories,
      ),
      'GET /api/series': jsonResponse([
        buildSeries({ series_id: 'r1', series_title: 'Saga' }, [{ story_id: 'v1', title: 'Inside' }]),
      ]),
      'DELETE /api/series/r1': jsonResponse({ error: 'not_implemented', message: 'Later.' }, 501),
    });
    renderApp('/stories');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Saga' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete series' });

    // Act
    const question = within(dialog).getByText(
      'Delete series Saga? Any volumes assigned to it will be converted to standalone stories.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    // Assert
    expect(question).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Inside' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Saga' })).toBeNull();
  });

  it("shows 'Error retrieving data' when the lists cannot be loaded, and no empty state", async () => {
    // Arrange
    stubServer({
      'GET /api/stories': serverError(),
      'GET /api/series': serverError(),
    });

    // Act
    renderApp('/stories');

    // Assert
    expect(await screen.findByText('Error retrieving data')).toBeTruthy();
    expect(
      screen.getByText('We are experiencing difficulty retrieving some or all of your data'),
    ).toBeTruthy();
    expect(screen.queryByText('The Loreweaver is In')).toBeNull();
  });
});
