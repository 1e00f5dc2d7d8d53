import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_STORY_IMAGE_URL } from '../../../../shared/default-images';
import { IMAGE_MAX_BYTES } from '../../../../shared/validation';
import { renderApp } from '../../helpers/render-app';
import { buildSeries, buildStory, formFields, jsonResponse, stubServer } from '../library-fixtures';
import { serverError } from '../../helpers/fetch-stub';
import { silenceConsoleErrors } from '../../helpers/console';

const INVALID_TITLE_MESSAGE = "A title may be at most 256 characters and may not start with 'aws:'.";

beforeEach(() => {
  silenceConsoleErrors();
});

const expanse = buildSeries({ series_id: 'r1', series_title: 'The Expanse' }, [
  { story_id: 'v1', title: 'Leviathan Wakes' },
]);

function titleField() {
  return screen.getByRole('textbox', { name: 'Title' });
}

function summaryField() {
  return screen.getByRole('textbox', { name: 'Write a brief summary of your story' });
}

function seriesField() {
  return screen.getByRole('combobox', { name: 'Assign to Series (optional)' });
}

function type(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
}

async function openNewStoryForm(answers: Parameters<typeof stubServer>[0] = {}) {
  const server = stubServer({ 'GET /api/series': jsonResponse([expanse]), ...answers });
  const view = renderApp('/stories/new');
  await screen.findByRole('heading', { name: 'Create a Story' });
  await screen.findByRole('textbox', { name: 'Title' });
  return { ...server, ...view };
}

function posts(requests: ReturnType<typeof stubServer>['requests']) {
  return requests.filter((request) => request.method !== 'GET');
}

describe('the story form', () => {
  it("says 'Story title is required' and sends nothing when the title is blank", async () => {
    // Arrange
    const { requests } = await openNewStoryForm();
    type(titleField(), '   ');
    type(summaryField(), 'A summary.');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    // Assert
    expect(await screen.findByText('Story title is required')).toBeTruthy();
    expect(posts(requests)).toEqual([]);
  });

  it.each([
    ["a title starting with 'aws:'", 'aws:secret'],
    ['a title over 256 characters', 'a'.repeat(257)],
  ])("shows 'Invalid Title' with the title rule for %s", async (_case, title) => {
    // Arrange
    const { requests } = await openNewStoryForm();
    type(titleField(), title);
    type(summaryField(), 'A summary.');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    // Assert
    expect(await screen.findByText('Invalid Title')).toBeTruthy();
    expect(screen.getByText(INVALID_TITLE_MESSAGE)).toBeTruthy();
    expect(posts(requests)).toEqual([]);
  });

  it("says 'A brief description is required' when the summary is blank", async () => {
    // Arrange
    const { requests } = await openNewStoryForm();
    type(titleField(), 'The Long Road');
    type(summaryField(), ' \n ');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    // Assert
    expect(await screen.findByText('A brief description is required')).toBeTruthy();
    expect(posts(requests)).toEqual([]);
  });

  it('shows the spec placeholders in the preview, then what the author types', async () => {
    // Arrange
    await openNewStoryForm();
    const preview = screen.getByRole('region', { name: 'Preview' });
    const placeholders = [
      within(preview).queryByText('Story Title'),
      within(preview).queryByText('Story description will appear here.'),
    ];

    // Act
    type(titleField(), 'The Long Road');
    type(summaryField(), 'Two sisters walk north.');

    // Assert
    expect(placeholders.every(Boolean)).toBe(true);
    expect(within(preview).getByText('The Long Road')).toBeTruthy();
    expect(within(preview).getByText('Two sisters walk north.')).toBeTruthy();
  });

  it.each([
    ['a file that is not an image', new File(['plain text'], 'notes.txt', { type: 'text/plain' })],
    ['an image type the spec does not allow', new File(['RIFF'], 'cover.webp', { type: 'image/webp' })],
  ])("warns 'Cannot upload file' for %s", async (_case, file) => {
    // Arrange
    await openNewStoryForm();

    // Act
    fireEvent.drop(screen.getByRole('button', { name: 'Choose cover image' }), {
      dataTransfer: { files: [file], types: ['Files'] },
    });

    // Assert
    expect(await screen.findByText('Cannot upload file')).toBeTruthy();
    expect(screen.getByText('Only images of the following type are allowed: png,jpg,jpeg,gif')).toBeTruthy();
  });

  it("warns with react-dropzone's 'File is larger than N bytes' for a file over the limit", async () => {
    // Arrange
    await openNewStoryForm();
    const tooLarge = new File([new Uint8Array(IMAGE_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' });

    // Act
    fireEvent.drop(screen.getByRole('button', { name: 'Choose cover image' }), {
      dataTransfer: { files: [tooLarge], types: ['Files'] },
    });

    // Assert
    expect(await screen.findByText('Cannot upload file')).toBeTruthy();
    expect(screen.getByText(`File is larger than ${IMAGE_MAX_BYTES} bytes`)).toBeTruthy();
  });

  it("warns 'Too many files' when several images are dropped at once", async () => {
    // Arrange
    await openNewStoryForm();
    const images = ['one.png', 'two.png'].map((name) => new File(['x'], name, { type: 'image/png' }));

    // Act
    fireEvent.drop(screen.getByRole('button', { name: 'Choose cover image' }), {
      dataTransfer: { files: images, types: ['Files'] },
    });

    // Assert
    expect(await screen.findByText('Too many files')).toBeTruthy();
  });

  it('creates a standalone story without a file, so the server makes the cover, and opens it', async () => {
    // Arrange
    const { requests, router } = await openNewStoryForm({
      'POST /api/stories': jsonResponse(buildStory({ story_id: 'new1', title: 'The Long Road' }), 201),
    });
    type(titleField(), '  The Long Road ');
    type(summaryField(), 'Two sisters walk north.');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    // Assert
    expect(await screen.findByText('Story creation success')).toBeTruthy();
    expect(formFields(posts(requests)[0])).toEqual({
      title: 'The Long Road',
      description: 'Two sisters walk north.',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/stories/new1'));
  });

  it('sends a title of any printable characters, its curly quotes straightened', async () => {
    // Arrange
    const { requests } = await openNewStoryForm({
      'POST /api/stories': jsonResponse(
        buildStory({ story_id: 'new1', title: "Don't Look Back & Run?" }),
        201,
      ),
    });
    type(titleField(), 'Don’t Look Back & Run?');
    type(summaryField(), 'A chase.');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    // Assert
    expect(await screen.findByText('Story creation success')).toBeTruthy();
    expect(formFields(posts(requests)[0])).toMatchObject({ title: "Don't Look Back & Run?" });
  });

  it('creates a new series from a typed name', async () => {
    // Arrange
    const { requests } = await openNewStoryForm({
      'POST /api/stories': jsonResponse(buildStory({ story_id: 'new1', title: 'Dawn' }), 201),
    });
    type(titleField(), 'Dawn');
    type(summaryField(), 'It begins.');

    // Act
    type(seriesField(), 'The Quiet Years');
    const explanation = screen.getByText('A new series, The Quiet Years, will be created.');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    // Assert
    expect(explanation).toBeTruthy();
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(formFields(posts(requests)[0])).toMatchObject({ series_title: 'The Quiet Years' });
    expect(formFields(posts(requests)[0])).not.toHaveProperty('series_id');
  });

  it('assigns an existing series by id when its title is typed in another letter case', async () => {
    // Arrange
    const { requests } = await openNewStoryForm({
      'POST /api/stories': jsonResponse(buildStory({ story_id: 'new1', title: 'Caliban' }), 201),
    });
    type(titleField(), "Caliban's War");
    type(summaryField(), 'The second book.');

    // Act
    type(seriesField(), 'the expanse');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    // Assert
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(formFields(posts(requests)[0])).toMatchObject({ series_id: 'r1' });
    expect(formFields(posts(requests)[0])).not.toHaveProperty('series_title');
  });

  it('pre-assigns the series on /series/{id}/add and returns to the series editor', async () => {
    // Arrange
    const { requests } = stubServer({
      'GET /api/series': jsonResponse([expanse]),
      'POST /api/stories': jsonResponse(buildStory({ story_id: 'new1', title: 'Abaddon' }), 201),
    });
    const { router } = renderApp('/series/r1/add');
    await screen.findByRole('textbox', { name: 'Title' });
    const preassigned = (seriesField() as HTMLInputElement).value;
    type(titleField(), "Abaddon's Gate");
    type(summaryField(), 'The third book.');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    // Assert
    expect(preassigned).toBe('The Expanse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/series/r1/edit'));
    expect(formFields(posts(requests)[0])).toMatchObject({ series_id: 'r1' });
  });

  it("shows 'Error creating or editing story' when the server fails", async () => {
    // Arrange
    await openNewStoryForm({
      'POST /api/stories': serverError(),
    });
    type(titleField(), 'The Long Road');
    type(summaryField(), 'Two sisters walk north.');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    // Assert
    expect(await screen.findByText('Error creating or editing story')).toBeTruthy();
    expect(screen.getByText('Please try again later or contact support.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Create a Story' })).toBeTruthy();
  });

  it('shows the image warning when the server refuses the file by its content', async () => {
    // Arrange
    await openNewStoryForm({
      'POST /api/stories': jsonResponse(
        {
          error: 'unsupported_media_type',
          message: 'Only images of the following type are allowed: png,jpg,jpeg,gif',
        },
        415,
      ),
    });
    type(titleField(), 'The Long Road');
    type(summaryField(), 'Two sisters walk north.');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    // Assert
    expect(await screen.findByText('Cannot upload file')).toBeTruthy();
  });
});

describe('the story form for an existing story', () => {
  const volume = buildStory({
    story_id: 'v1',
    title: 'Leviathan Wakes',
    description: 'A ship is found.',
    image_url: '/images/stories/v1/cover.jpg',
    series_id: 'r1',
    series_title: 'The Expanse',
    series_place: 1,
    place: 1,
  });

  it('fills the form from the story and saves the details with its series', async () => {
    // Arrange
    const { requests } = stubServer({
      'GET /api/stories/v1': jsonResponse(volume),
      'GET /api/series': jsonResponse([expanse]),
      'PUT /api/stories/v1/details': jsonResponse({ ...volume, title: 'Leviathan Wakes Again' }),
    });
    const { router } = renderApp('/stories/v1/edit');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    const filled = [(title as HTMLInputElement).value, (seriesField() as HTMLInputElement).value];
    type(title, 'Leviathan Wakes Again');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    // Assert
    expect(screen.getByRole('heading', { name: 'Update a Story' })).toBeTruthy();
    expect(filled).toEqual(['Leviathan Wakes', 'The Expanse']);
    expect(await screen.findByText('Story edit success')).toBeTruthy();
    expect(formFields(posts(requests)[0])).toEqual({
      title: 'Leviathan Wakes Again',
      description: 'A ship is found.',
      series_id: 'r1',
      series_name: '',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/stories'));
  });

  it('makes the story standalone when the series field is cleared', async () => {
    // Arrange
    const { requests } = stubServer({
      'GET /api/stories/v1': jsonResponse(volume),
      'GET /api/series': jsonResponse([expanse]),
      'PUT /api/stories/v1/details': jsonResponse(volume),
    });
    renderApp('/stories/v1/edit');
    await screen.findByRole('textbox', { name: 'Title' });

    // Act
    type(seriesField(), '');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    // Assert
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(formFields(posts(requests)[0])).toMatchObject({ series_id: '', series_name: '' });
  });

  it('removes a saved cover: the placeholder shows and the update asks the server to remove the image', async () => {
    // Arrange
    const covered = { ...volume, image_url: '/images/stories/v1/cover-1.jpg' };
    const { requests } = stubServer({
      'GET /api/stories/v1': jsonResponse(covered),
      'GET /api/series': jsonResponse([expanse]),
      'PUT /api/stories/v1/details': jsonResponse({ ...volume, image_url: DEFAULT_STORY_IMAGE_URL }),
    });
    renderApp('/stories/v1/edit');
    await screen.findByRole('textbox', { name: 'Title' });

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    // Assert
    expect(screen.getByText(/Without one, the story shows the default cover\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(formFields(posts(requests)[0])).toMatchObject({ remove_image: 'true' });
    expect(formFields(posts(requests)[0])).not.toHaveProperty('file');
  });

  it('offers no Remove for the default picture a story without a cover shows', async () => {
    // Arrange
    stubServer({
      'GET /api/stories/v1': jsonResponse({ ...volume, image_url: DEFAULT_STORY_IMAGE_URL }),
      'GET /api/series': jsonResponse([expanse]),
    });

    // Act
    renderApp('/stories/v1/edit');
    await screen.findByRole('textbox', { name: 'Title' });

    // Assert
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it("shows 'Error editing story' when the save fails", async () => {
    // Arrange
    stubServer({
      'GET /api/stories/v1': jsonResponse(volume),
      'GET /api/series': jsonResponse([expanse]),
      'PUT /api/stories/v1/details': serverError(),
    });
    renderApp('/stories/v1/edit');
    await screen.findByRole('textbox', { name: 'Title' });

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    // Assert
    expect(await screen.findByText('Error editing story')).toBeTruthy();
    expect(screen.getByText('Please try again later or contact support.')).toBeTruthy();
  });

  it("shows 'Error retrieving data' when the story cannot be loaded", async () => {
    // Arrange
    stubServer({ 'GET /api/series': jsonResponse([expanse]) });

    // Act
    renderApp('/stories/missing/edit');

    // Assert
    expect(await screen.findByText('Error retrieving data')).toBeTruthy();
    expect(
      screen.getByText('We are experiencing difficulty retrieving some or all of your data'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });
});
