import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MANUSCRIPT_NOT_TEXT_MESSAGE } from '../../../../shared/manuscript-import';
import { silenceConsoleErrors } from '../../helpers/console';
import { renderApp } from '../../helpers/render-app';
import { buildStory, emptyResponse, jsonResponse, stubServer } from '../library-fixtures';

beforeEach(() => {
  silenceConsoleErrors();
});

const UPLOAD_URL = 'https://uploads.example/manuscripts/u1?X-Amz-Signature=abc';
const uploadAnswers = {
  'POST /api/stories/import/uploads': jsonResponse(
    { upload_id: 'u1', upload_url: UPLOAD_URL, upload_method: 'PUT', expires_at: '2026-11-23T18:00:00Z' },
    201,
  ),
};

const manuscript = (name: string) => new File(['Chapter 1\n\nOnce.'], name, { type: 'text/plain' });

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Import a manuscript' }));
  return screen.findByRole('dialog', { name: 'Import a manuscript' });
}

describe('importing a manuscript from the story list', () => {
  it("shows an import's progress on its story card, and a failed import's outcome", async () => {
    // Arrange
    stubServer({
      'GET /api/stories': jsonResponse([
        buildStory({
          story_id: 's1',
          title: 'The Long Winter',
          import: { status: 'importing', chapters_done: 23, chapters_total: 60 },
        }),
        buildStory({
          story_id: 's2',
          title: 'Old Draft',
          import: { status: 'failed', chapters_done: 12, chapters_total: 40 },
        }),
      ]),
      'GET /api/series': jsonResponse([]),
    });

    // Act
    renderApp('/stories');

    // Assert
    const importing = await screen.findByRole('article', { name: 'The Long Winter' });
    expect(within(importing).getByRole('status').textContent).toBe('Importing… 23 of 60 chapters');
    expect(within(importing).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('38');
    const failed = screen.getByRole('article', { name: 'Old Draft' });
    expect(within(failed).getByRole('status').textContent).toContain('Import failed — 12 of 40 chapters');
  });

  it('sends the file straight to storage, imports it with the fields given, then lists the new story with its progress', async () => {
    // Arrange
    const server = stubServer({
      'GET /api/stories': jsonResponse([]),
      'GET /api/series': jsonResponse([]),
      ...uploadAnswers,
      [`PUT ${UPLOAD_URL}`]: emptyResponse(200),
      'POST /api/stories/import/uploads/u1': jsonResponse(
        buildStory({
          story_id: 'n1',
          title: 'Winter',
          import: { status: 'importing', chapters_done: 0, chapters_total: 1 },
        }),
        202,
      ),
    });
    renderApp('/stories');
    const dialog = await openDialog();

    // Act
    fireEvent.change(within(dialog).getByLabelText('Manuscript file'), {
      target: { files: [manuscript('winter.txt')] },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title (optional)' }), {
      target: { value: 'Winter' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    // Assert
    const card = await screen.findByRole('article', { name: 'Winter' });
    expect(within(card).getByRole('status').textContent).toBe('Importing… 0 of 1 chapters');
    const asked = server.requests.find((request) => request.url === '/api/stories/import/uploads');
    expect(JSON.parse(String(asked?.body))).toEqual({ file_name: 'winter.txt', size: 16 });
    const sent = server.requests.find((request) => request.url === UPLOAD_URL);
    expect(sent?.method).toBe('PUT');
    expect((sent?.body as File).name).toBe('winter.txt');
    const imported = server.requests.find((request) => request.url === '/api/stories/import/uploads/u1');
    expect(JSON.parse(String(imported?.body))).toEqual({ title: 'Winter', file_name: 'winter.txt' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the imported story once the import is done, the author still on the list', async () => {
    // Arrange
    const built = buildStory({ story_id: 'n1', title: 'Winter' });
    let listed = false;
    stubServer({
      // The page's own read finds nothing yet; the polls that follow the import find it built.
      'GET /api/stories': () => jsonResponse(listed ? [built] : [], 200),
      'GET /api/series': jsonResponse([]),
      'GET /api/stories/n1': jsonResponse(built),
      ...uploadAnswers,
      [`PUT ${UPLOAD_URL}`]: emptyResponse(200),
      'POST /api/stories/import/uploads/u1': () => {
        listed = true;
        return jsonResponse(
          { ...built, import: { status: 'importing', chapters_done: 0, chapters_total: 1 } },
          202,
        );
      },
    });
    const { router } = renderApp('/stories');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Manuscript file'), {
      target: { files: [manuscript('winter.txt')] },
    });

    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    // Assert
    await waitFor(() => expect(router.state.location.pathname).toBe('/stories/n1'), { timeout: 10_000 });
    // The workspace's code, which the route now loads, is loaded before the test ends: an import still under
    // way when the page's environment is torn down fails the run.
    await Promise.all([
      import('../../../../web/src/api/story-workspace-prefetch'),
      import('../../../../web/src/features/workspace/routes/story-workspace-page'),
    ]);
  });

  it("keeps the dialog open with the server's reason when it refuses the file", async () => {
    // Arrange
    stubServer({
      'GET /api/stories': jsonResponse([]),
      'GET /api/series': jsonResponse([]),
      ...uploadAnswers,
      [`PUT ${UPLOAD_URL}`]: emptyResponse(200),
      'POST /api/stories/import/uploads/u1': jsonResponse(
        { error: 'unsupported_media_type', message: MANUSCRIPT_NOT_TEXT_MESSAGE },
        415,
      ),
    });
    renderApp('/stories');
    const dialog = await openDialog();

    // Act
    fireEvent.change(within(dialog).getByLabelText('Manuscript file'), {
      target: { files: [manuscript('renamed.txt')] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    // Assert
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MANUSCRIPT_NOT_TEXT_MESSAGE);
    expect(screen.getByRole('dialog', { name: 'Import a manuscript' })).toBeTruthy();
  });

  it('keeps the dialog open with a reason when storage refuses the upload, and imports nothing', async () => {
    // Arrange
    const server = stubServer({
      'GET /api/stories': jsonResponse([]),
      'GET /api/series': jsonResponse([]),
      ...uploadAnswers,
      [`PUT ${UPLOAD_URL}`]: emptyResponse(403),
    });
    renderApp('/stories');
    const dialog = await openDialog();

    // Act
    fireEvent.change(within(dialog).getByLabelText('Manuscript file'), {
      target: { files: [manuscript('winter.txt')] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    // Assert
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The manuscript could not be uploaded. Check the connection and try again.',
    );
    expect(server.requests.some((request) => request.url === '/api/stories/import/uploads/u1')).toBe(false);
  });

  it('refuses a file of another kind before sending it', async () => {
    // Arrange
    const server = stubServer({ 'GET /api/stories': jsonResponse([]), 'GET /api/series': jsonResponse([]) });
    renderApp('/stories');
    const dialog = await openDialog();

    // Act
    fireEvent.change(within(dialog).getByLabelText('Manuscript file'), {
      target: { files: [manuscript('novel.pdf')] },
    });

    // Assert
    expect(within(dialog).getByRole('alert').textContent).toContain('Only Word (.docx)');
    expect((within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);
  });
});
