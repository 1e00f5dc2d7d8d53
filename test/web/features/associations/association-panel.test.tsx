import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAssociation } from '../../helpers/association-fixtures';
import { answering, deferred, jsonResponse, serverError } from '../../helpers/fetch-stub';
import { silenceConsoleErrors } from '../../helpers/console';
import {
  base,
  bodiesOf,
  frodo,
  renderAssociations,
  shire,
  stubAssociationServer,
} from './associations-harness';

async function openFrodo() {
  await waitFor(() =>
    expect(screen.getByRole('status', { name: 'Association list' }).textContent).not.toBe('loading'),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Click Frodo' }));
  const panel = await screen.findByRole('complementary', { name: 'Character Frodo' });
  await waitFor(() => expect(field(panel, 'Summary').readOnly).toBe(false));
  return panel;
}

function field(panel: HTMLElement, name: string) {
  return within(panel).getByRole<HTMLInputElement | HTMLTextAreaElement>('textbox', { name });
}

/** Types into a field and leaves it, as the author does before the panel applies the change. */
function edit(element: HTMLElement, value: string) {
  fireEvent.focus(element);
  fireEvent.change(element, { target: { value } });
  fireEvent.blur(element);
}

function closePanel(panel: HTMLElement) {
  fireEvent.click(within(panel).getByRole('button', { name: 'Close association panel' }));
}

describe('the association side panel', () => {
  it('is read-only with a loading overlay until the association has loaded, then editable', async () => {
    // Arrange
    const details = deferred<Response>();
    stubAssociationServer([frodo, shire], (url) => (url === `${base}/frodo` ? details.promise : undefined));
    renderAssociations();
    await waitFor(() => expect(screen.getByRole('status').textContent).not.toBe('loading'));

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Click Frodo' }));
    const panel = await screen.findByRole('complementary', { name: 'Character Frodo' });
    const whileLoading = {
      busy: panel.getAttribute('aria-busy'),
      summaryReadOnly: field(panel, 'Summary').readOnly,
      caseSensitiveDisabled: within(panel).getByRole<HTMLInputElement>('checkbox', { name: 'Case-Sensitive' })
        .disabled,
      overlay: screen.queryByRole('progressbar', { name: 'Loading association', hidden: true }) !== null,
    };
    details.resolve(jsonResponse(frodo));

    // Assert
    expect(whileLoading).toEqual({
      busy: 'true',
      summaryReadOnly: true,
      caseSensitiveDisabled: true,
      overlay: true,
    });
    await waitFor(() => expect(field(panel, 'Summary').readOnly).toBe(false));
    expect(panel.getAttribute('aria-busy')).toBe('false');
    expect(field(panel, 'Background').value).toBe('Born in the Shire.');
  });

  it('leaves no spinner in the page once the association has loaded (a hidden one would still animate)', async () => {
    // Arrange
    stubAssociationServer([frodo, shire]);
    renderAssociations();

    // Act
    await openFrodo();

    // Assert
    // By its label: the spinner's role is not exposed while it is hidden.
    await waitFor(() => expect(screen.queryByLabelText('Loading association')).toBeNull());
  });

  it('shows the type capitalised, then the name, the portrait and its caption, and the fields', async () => {
    // Arrange
    stubAssociationServer([frodo, shire]);
    renderAssociations();

    // Act
    const panel = await openFrodo();

    // Assert
    const header = within(panel).getByRole('banner');
    expect(header.textContent).toMatch(/^CharacterFrodo/i);
    expect(within(panel).getByRole('heading', { name: 'Frodo' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Replace the portrait of Frodo' })).toBeTruthy();
    expect(within(panel).getByText('Drop an image over the picture to update, or click on it.')).toBeTruthy();
    expect(field(panel, 'Summary').value).toBe('A hobbit.');
    expect(within(panel).getByText('Remaining characters: 191')).toBeTruthy();
    expect(field(panel, 'Aliases (comma separated)').value).toBe('Mr. Underhill');
    expect(within(panel).getByRole<HTMLInputElement>('checkbox', { name: 'Case-Sensitive' }).checked).toBe(
      false,
    );
  });

  describe('Summary', () => {
    it("counts UTF-8 bytes: 'Zoë' is three characters but four bytes", async () => {
      // Arrange
      stubAssociationServer([frodo, shire]);
      renderAssociations();
      const panel = await openFrodo();

      // Act
      fireEvent.change(field(panel, 'Summary'), { target: { value: 'Zoë' } });

      // Assert
      expect(within(panel).getByText('Remaining characters: 196')).toBeTruthy();
    });

    it('goes negative in the exceeded style past 200 bytes, and cuts the overflow off when left', async () => {
      // Arrange
      stubAssociationServer([frodo, shire]);
      renderAssociations();
      const panel = await openFrodo();
      const summary = field(panel, 'Summary');

      // Act
      fireEvent.focus(summary);
      fireEvent.change(summary, { target: { value: 'é'.repeat(101) } });
      const counter = within(panel).getByText('Remaining characters: -2');
      const exceeded = counter.classList.contains('Mui-error');
      fireEvent.blur(summary);

      // Assert
      expect(exceeded).toBe(true);
      expect(summary.value).toBe('é'.repeat(100));
      expect(within(panel).getByText('Remaining characters: 0').classList.contains('Mui-error')).toBe(false);
    });
  });

  describe('Aliases', () => {
    it("refuses aliases that repeat the name, with the spec's message, and saves nothing", async () => {
      // Arrange
      const fetchMock = stubAssociationServer([frodo, shire]);
      renderAssociations();
      const panel = await openFrodo();

      // Act
      edit(field(panel, 'Aliases (comma separated)'), 'Mr. Underhill, FRODO');
      const message = await within(panel).findByRole('alert');
      closePanel(panel);

      // Assert
      expect(message.textContent).toBe('Aliases cannot contain the original name or any duplicates.');
      expect(screen.getByRole('status', { name: 'Association list' }).textContent).toContain(
        'Frodo|Mr. Underhill|',
      );
      expect(bodiesOf(fetchMock, 'PUT', base)).toEqual([]);
    });

    it('refuses duplicate aliases', async () => {
      // Arrange
      stubAssociationServer([frodo, shire]);
      renderAssociations();
      const panel = await openFrodo();

      // Act
      edit(field(panel, 'Aliases (comma separated)'), 'Ring-bearer, ring-bearer');

      // Assert
      expect((await within(panel).findByRole('alert')).textContent).toBe(
        'Aliases cannot contain the original name or any duplicates.',
      );
    });

    it('applies valid aliases to the story at once, so the editor highlights them', async () => {
      // Arrange
      stubAssociationServer([frodo, shire]);
      renderAssociations();
      const panel = await openFrodo();

      // Act
      edit(field(panel, 'Aliases (comma separated)'), 'Mr. Underhill, Ring-bearer');

      // Assert
      expect(screen.getByRole('status', { name: 'Association list' }).textContent).toContain(
        'Frodo|Mr. Underhill, Ring-bearer|false|A hobbit.',
      );
      expect(within(panel).queryByRole('alert')).toBeNull();
    });
  });

  it('applies Case-Sensitive at once, without waiting for a field to lose focus', async () => {
    // Arrange
    stubAssociationServer([frodo, shire]);
    renderAssociations();
    const panel = await openFrodo();

    // Act
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Case-Sensitive' }));

    // Assert
    expect(within(panel).getByRole<HTMLInputElement>('checkbox', { name: 'Case-Sensitive' }).checked).toBe(
      true,
    );
    expect(screen.getByRole('status', { name: 'Association list' }).textContent).toContain(
      'Frodo|Mr. Underhill|true|',
    );
  });

  it('does not save when nothing differs from the copy first fetched', async () => {
    // Arrange
    const fetchMock = stubAssociationServer([frodo, shire]);
    renderAssociations();
    const panel = await openFrodo();

    // Act
    edit(field(panel, 'Summary'), 'Something else.');
    edit(field(panel, 'Summary'), 'A hobbit.');
    closePanel(panel);

    // Assert
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
    expect(bodiesOf(fetchMock, 'PUT', base)).toEqual([]);
  });

  it('saves only the changed fields, then locks and loads the other association, when another mention is clicked', async () => {
    // Arrange
    const fetchMock = stubAssociationServer([frodo, shire]);
    renderAssociations();
    const panel = await openFrodo();
    edit(field(panel, 'Summary'), 'Ring-bearer.');
    edit(field(panel, 'Background'), 'Adopted by Bilbo.');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Click the Shire', hidden: true }));
    const other = await screen.findByRole('complementary', { name: 'Place the Shire' });

    // Assert
    expect(bodiesOf(fetchMock, 'PUT', base)).toEqual([
      [
        {
          association_id: 'frodo',
          short_description: 'Ring-bearer.',
          details: { extended_description: 'Adopted by Bilbo.' },
        },
      ],
    ]);
    await waitFor(() => expect(field(other, 'Summary').readOnly).toBe(false));
    expect(field(other, 'Background').value).toBe('');
  });

  it('saves pending changes when closed, locks at once, and clears what it showed 500 ms later', async () => {
    // Arrange
    const fetchMock = stubAssociationServer([frodo, shire]);
    renderAssociations();
    const panel = await openFrodo();
    edit(field(panel, 'Background'), 'Adopted by Bilbo.');

    // Act
    closePanel(panel);
    const lockedAtOnce = field(panel, 'Background').readOnly;

    // Assert
    expect(lockedAtOnce).toBe(true);
    expect(bodiesOf(fetchMock, 'PUT', base)).toEqual([
      [{ association_id: 'frodo', details: { extended_description: 'Adopted by Bilbo.' } }],
    ]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Frodo', hidden: true })).toBeNull());
  });

  it("shows 'Error saving association' when a save fails", async () => {
    // Arrange
    stubAssociationServer([frodo, shire], answering('PUT', base, serverError()));
    silenceConsoleErrors();
    renderAssociations();
    const panel = await openFrodo();
    edit(field(panel, 'Summary'), 'Ring-bearer.');

    // Act
    closePanel(panel);

    // Assert
    expect(await screen.findByText('Error saving association')).toBeTruthy();
    expect(
      screen.getByText('There was an error saving your association. Please try again later.'),
    ).toBeTruthy();
  });

  describe('portrait', () => {
    it('uploads a dropped image and shows the new portrait', async () => {
      // Arrange
      const fetchMock = stubAssociationServer([frodo, shire], (url, init) =>
        init.method === 'PUT' && url.startsWith(`${base}/frodo/upload`)
          ? jsonResponse({ url: '/images/frodo-new.png?date=1700000000000' })
          : undefined,
      );
      renderAssociations();
      const panel = await openFrodo();
      const dropzone = within(panel).getByRole('button', { name: 'Replace the portrait of Frodo' });
      const image = new File([new Uint8Array([137, 80, 78, 71])], 'frodo.png', { type: 'image/png' });

      // Act
      fireEvent.change(within(panel).getByLabelText('Replace the portrait of Frodo', { selector: 'input' }), {
        target: { files: [image] },
      });

      // Assert
      await waitFor(() =>
        expect(dropzone.querySelector('img')!.getAttribute('src')).toBe(
          '/images/frodo-new.png?date=1700000000000',
        ),
      );
      const upload = fetchMock.mock.calls.find(([url]) => String(url).includes('/upload'))!;
      expect(String(upload[0])).toBe(`${base}/frodo/upload?type=character`);
      expect((upload[1]!.body as FormData).get('file')).toBeInstanceOf(File);
    });

    it("warns 'Cannot upload file' for a file that is not a png, jpg or gif", async () => {
      // Arrange
      stubAssociationServer([frodo, shire]);
      renderAssociations();
      const panel = await openFrodo();

      // Act
      fireEvent.change(within(panel).getByLabelText('Replace the portrait of Frodo', { selector: 'input' }), {
        target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
      });

      // Assert
      expect(await screen.findByText('Cannot upload file')).toBeTruthy();
      expect(
        screen.getByText('Only images of the following type are allowed: png,jpg,jpeg,gif'),
      ).toBeTruthy();
    });
  });
});

describe('the story associations', () => {
  it('adds a created association to the list', async () => {
    // Arrange
    const sam = buildAssociation('sam', 'Sam');
    const fetchMock = stubAssociationServer([frodo], answering('POST', base, jsonResponse([sam], 201)));
    renderAssociations();
    await waitFor(() => expect(screen.getByRole('status').textContent).not.toBe('loading'));

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Create Sam' }));

    // Assert
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Sam|'));
    expect(bodiesOf(fetchMock, 'POST', base)).toEqual([
      [{ association_name: 'Sam', association_type: 'character' }],
    ]);
  });

  it("warns 'Insufficient subscription' with a subscribe action when the server refuses a sixth", async () => {
    // Arrange
    stubAssociationServer(
      [frodo],
      answering(
        'POST',
        base,
        jsonResponse({ error: 'subscription_required', message: 'Free accounts are limited.' }, 401),
      ),
    );
    silenceConsoleErrors();
    renderAssociations();
    await waitFor(() => expect(screen.getByRole('status').textContent).not.toBe('loading'));

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Create Sam' }));

    // Assert
    expect(await screen.findByText('Insufficient subscription')).toBeTruthy();
    expect(screen.getByText('Free accounts are limited to 5 associations per story.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/subscribe');
  });

  it("shows 'Error saving association' when creating fails otherwise", async () => {
    // Arrange
    stubAssociationServer([frodo], answering('POST', base, serverError()));
    silenceConsoleErrors();
    renderAssociations();
    await waitFor(() => expect(screen.getByRole('status').textContent).not.toBe('loading'));

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Create Sam' }));

    // Assert
    expect(await screen.findByText('Error saving association')).toBeTruthy();
  });

  it('treats a 404 for the list as no associations', async () => {
    // Arrange
    stubAssociationServer([], (url) =>
      url === `${base}/thumbs` ? jsonResponse({ error: 'not_found', message: 'None.' }, 404) : undefined,
    );

    // Act
    renderAssociations();

    // Assert
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
  });

  it('reads the association again when reopened, showing what another window stored meanwhile', async () => {
    // Arrange
    let reads = 0;
    stubAssociationServer([frodo, shire], (url, init) => {
      if ((init.method ?? 'GET') !== 'GET' || url !== `${base}/frodo`) return undefined;
      reads += 1;
      return jsonResponse(reads === 1 ? frodo : { ...frodo, short_description: 'Changed elsewhere.' });
    });
    renderAssociations();
    closePanel(await openFrodo());
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());

    // Act
    const reopened = await openFrodo();

    // Assert
    expect(field(reopened, 'Summary').value).toBe('Changed elsewhere.');
    expect(reads).toBe(2);
  });

  it('removes a deleted association and closes the panel showing it, without saving it', async () => {
    // Arrange
    const fetchMock = stubAssociationServer([frodo, shire]);
    renderAssociations();
    const panel = await openFrodo();
    edit(field(panel, 'Summary'), 'Ring-bearer.');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Delete Frodo', hidden: true }));

    // Assert
    await waitFor(() =>
      expect(screen.getByRole('status', { hidden: true }).textContent).not.toContain('Frodo|'),
    );
    expect(bodiesOf(fetchMock, 'DELETE', base)).toEqual([[{ association_id: 'frodo' }]]);
    expect(bodiesOf(fetchMock, 'PUT', base)).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
  });
});
