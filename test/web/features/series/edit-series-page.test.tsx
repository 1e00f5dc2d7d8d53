import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../helpers/render-app';
import { buildSeries, buildStory, formFields, jsonResponse, stubServer } from '../library-fixtures';
import { serverError } from '../../helpers/fetch-stub';
import { silenceConsoleErrors } from '../../helpers/console';

beforeEach(() => {
  silenceConsoleErrors();
  // jsdom lays nothing out and has no scrollIntoView; the editor asks for it on the refused field.
  Element.prototype.scrollIntoView = vi.fn();
});

const volumes = [
  { story_id: 'v1', title: 'Leviathan Wakes' },
  { story_id: 'v2', title: "Caliban's War" },
];
const expanse = buildSeries({ series_id: 'r1', series_title: 'The Expanse' }, volumes);
const standalone = buildStory({ story_id: 's1', title: 'Strange Dogs' });

async function openEditor(answers: Parameters<typeof stubServer>[0] = {}) {
  const server = stubServer({
    'GET /api/series/r1': jsonResponse(expanse),
    'GET /api/stories': jsonResponse([...expanse.stories, standalone]),
    ...answers,
  });
  const view = renderApp('/series/r1/edit');
  await screen.findByRole('textbox', { name: 'Title' });
  return { ...server, ...view };
}

function changes(requests: ReturnType<typeof stubServer>['requests']) {
  return requests.filter((request) => request.method !== 'GET');
}

function storiesSent(requests: ReturnType<typeof stubServer>['requests']) {
  return JSON.parse(formFields(changes(requests)[0]).stories ?? '[]') as unknown;
}

describe('the series editor', () => {
  it('shows the title, the description and the stories in order', async () => {
    // Arrange
    await openEditor();

    // Act
    const list = screen.getByRole('list', { name: 'Stories in The Expanse' });

    // Assert
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('The Expanse');
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe(
      'About The Expanse.',
    );
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Leviathan Wakes'), expect.stringContaining("Caliban's War")]);
    expect(within(list).getByRole('link', { name: 'Edit Leviathan Wakes' }).getAttribute('href')).toBe(
      '/stories/v1/edit',
    );
  });

  it.each([
    ['Title', 'Title cannot be blank'],
    ['Description', 'Description cannot be blank'],
  ])("refuses a blank %s with '%s'", async (field, message) => {
    // Arrange
    const { requests } = await openEditor();
    fireEvent.change(screen.getByRole('textbox', { name: field }), { target: { value: '   ' } });

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    // Assert
    expect(await screen.findByText(message)).toBeTruthy();
    expect(changes(requests)).toEqual([]);
  });

  it('never leaves a series made by name at a dead end: the refused description is shown, in view and focused', async () => {
    // Arrange: typing a series name on a story makes a series without a description.
    const byName = buildSeries(
      { series_id: 'r1', series_title: 'The Expanse', series_description: '' },
      volumes,
    );
    const { requests } = await openEditor({ 'GET /api/series/r1': jsonResponse(byName) });
    expect(screen.getByText('Needed before the series can be updated.')).toBeTruthy();

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    // Assert
    const description = screen.getByRole('textbox', { name: 'Description' });
    await waitFor(() => expect(document.activeElement).toBe(description));
    expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(description);
    expect(description.getAttribute('aria-invalid')).toBe('true');
    const describedBy = description.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Description cannot be blank');
    expect(changes(requests)).toEqual([]);
  });

  it('takes the message away once the refused field is mended', async () => {
    // Arrange
    const byName = buildSeries(
      { series_id: 'r1', series_title: 'The Expanse', series_description: '' },
      volumes,
    );
    await openEditor({ 'GET /api/series/r1': jsonResponse(byName) });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    const description = screen.getByRole('textbox', { name: 'Description' });
    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBe('true'));

    // Act
    fireEvent.change(description, { target: { value: 'Humanity, spread thin.' } });

    // Assert
    expect(description.getAttribute('aria-invalid')).toBe('false');
  });

  it("saves the fields and the stories with places from 1, then says 'Edit Action Complete'", async () => {
    // Arrange
    const { requests } = await openEditor({ 'PUT /api/series/r1': jsonResponse(expanse) });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), {
      target: { value: ' Humanity, spread thin. ' },
    });

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    // Assert
    expect(await screen.findByText('Edit Action Complete')).toBeTruthy();
    expect(screen.getByText('Your changes were saved.')).toBeTruthy();
    expect(formFields(changes(requests)[0])).toMatchObject({
      series_title: 'The Expanse',
      series_description: 'Humanity, spread thin.',
    });
    expect(storiesSent(requests)).toEqual([
      { story_id: 'v1', place: 1 },
      { story_id: 'v2', place: 2 },
    ]);
  });

  it("shows 'Cannot edit series' when the save fails", async () => {
    // Arrange
    await openEditor({ 'PUT /api/series/r1': serverError() });

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    // Assert
    expect(await screen.findByText('Cannot edit series')).toBeTruthy();
    expect(
      screen.getByText('Unable to edit your series at this time. Please try again later or contact support.'),
    ).toBeTruthy();
  });

  it('adds a standalone story from the Add Story dialog at the end of the series', async () => {
    // Arrange
    const { requests } = await openEditor({ 'PUT /api/series/r1': jsonResponse(expanse) });
    fireEvent.click(screen.getByRole('button', { name: 'Add Story' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select a Story to Add' });
    const offersVolume = within(dialog).queryByRole('button', { name: 'Leviathan Wakes' }) !== null;
    expect(within(dialog).getByRole('link', { name: 'Create New' }).getAttribute('href')).toBe(
      '/series/r1/add',
    );

    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Strange Dogs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    // Assert
    expect(offersVolume).toBe(false);
    await waitFor(() => expect(changes(requests)).toHaveLength(1));
    expect(storiesSent(requests)).toEqual([
      { story_id: 'v1', place: 1 },
      { story_id: 'v2', place: 2 },
      { story_id: 's1', place: 3 },
    ]);
  });

  it("says 'No existing stories available to add.' and offers 'Create New Story' to /stories/new", async () => {
    // Arrange
    stubServer({
      'GET /api/series/r1': jsonResponse(expanse),
      'GET /api/stories': jsonResponse(expanse.stories),
    });
    renderApp('/series/r1/edit');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Story' }));

    // Act
    const dialog = await screen.findByRole('dialog', { name: 'Select a Story to Add' });

    // Assert
    expect(within(dialog).getByText('No existing stories available to add.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Create New Story' }).getAttribute('href')).toBe(
      '/stories/new',
    );
  });

  it('removes a story from the series after the spec confirmation', async () => {
    // Arrange
    const { requests } = await openEditor({
      'PUT /api/series/r1/story/v2': jsonResponse(
        buildSeries({ series_id: 'r1', series_title: 'The Expanse' }, [volumes[0]!]),
      ),
    });
    fireEvent.click(screen.getByRole('button', { name: "Remove Caliban's War" }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove from series' });

    // Act
    const question = within(dialog).getByText("Remove Caliban's War from The Expanse?");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    // Assert
    expect(question).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: "Remove Caliban's War" })).toBeNull());
    expect(changes(requests).map((request) => `${request.method} ${request.url}`)).toEqual([
      'PUT /api/series/r1/story/v2',
    ]);
  });

  it('closes to the story list', async () => {
    // Arrange
    await openEditor();

    // Act
    const close = screen.getByRole('link', { name: 'Close' });

    // Assert
    expect(close.getAttribute('href')).toBe('/stories');
  });

  it("shows 'Error retrieving data' when the series cannot be loaded", async () => {
    // Arrange
    stubServer({ 'GET /api/stories': jsonResponse([]) });

    // Act
    renderApp('/series/missing/edit');

    // Assert
    expect(await screen.findByText('Error retrieving data')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });
});
