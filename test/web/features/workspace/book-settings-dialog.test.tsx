import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOK_SETTINGS } from '../../../../shared/schemas/book';
import { AppProvider } from '../../../../web/src/app/provider';
import { AlertsProvider } from '../../../../web/src/components/alerts/alerts-provider';
import { BookSettingsDialog } from '../../../../web/src/features/workspace/components/book-settings-dialog';
import { bodiesSent, jsonResponse, serverError, stubFetch } from '../../helpers/fetch-stub';
import { silenceConsoleErrors } from '../../helpers/console';
import { createTestQueryClient } from '../../helpers/render-app';

const PATH = '/api/stories/s1/book';

function openDialog(saved: unknown, answerPut: (body: unknown) => Response = (body) => jsonResponse(body)) {
  let stored = saved;
  const fetchMock = stubFetch((url, init) => {
    if (url !== PATH) return jsonResponse({ error: 'not_found', message: 'No.' }, 404);
    return (init.method ?? 'GET') === 'PUT' ? answerPut(JSON.parse(String(init.body))) : jsonResponse(stored);
  });
  let closed = 0;
  const queryClient = createTestQueryClient();
  const dialog = (open: boolean) => (
    <AppProvider queryClient={queryClient}>
      <AlertsProvider>
        <BookSettingsDialog open={open} storyId="s1" onClose={() => (closed += 1)} />
      </AlertsProvider>
    </AppProvider>
  );
  const view = render(dialog(true));
  return {
    fetchMock,
    closedTimes: () => closed,
    /** Closes the dialog, lets another tab store `next`, and opens it again. */
    reopenAfterElsewhere: (next: unknown) => {
      view.rerender(dialog(false));
      stored = next;
      view.rerender(dialog(true));
    },
  };
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the Book settings dialog', () => {
  it('shows the saved settings and saves the whole of them, the titles one per line', async () => {
    const { fetchMock, closedTimes } = openDialog({
      ...DEFAULT_BOOK_SETTINGS,
      front_matter: { ...DEFAULT_BOOK_SETTINGS.front_matter, dedication: 'For M.' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Book settings' });
    const dedication = await within(dialog).findByRole('textbox', { name: 'Dedication' });

    expect((dedication as HTMLTextAreaElement).value).toBe('For M.');
    await choose(dialog, 'Trim size', '5 × 8 in');
    await choose(dialog, 'Scene break', '❦');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Drop cap at each chapter’s start' }));
    fireEvent.change(
      within(dialog).getByRole('textbox', { name: 'Also by the author (one title per line)' }),
      {
        target: { value: 'The Tide Clock\n\n  Small Harbours ' },
      },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(closedTimes()).toBe(1));
    expect(bodiesSent(fetchMock, 'PUT', PATH).map((body) => JSON.parse(String(body)))).toEqual([
      {
        ...DEFAULT_BOOK_SETTINGS,
        trim: '5x8',
        scene_break: '❦',
        drop_cap: true,
        front_matter: { ...DEFAULT_BOOK_SETTINGS.front_matter, dedication: 'For M.' },
        back_matter: { ...DEFAULT_BOOK_SETTINGS.back_matter, also_by: ['The Tide Clock', 'Small Harbours'] },
      },
    ]);
  });

  it('reads the settings again when opened again, showing what another tab saved meanwhile', async () => {
    const { reopenAfterElsewhere } = openDialog(DEFAULT_BOOK_SETTINGS);
    const first = await screen.findByRole('dialog', { name: 'Book settings' });
    await within(first).findByRole('textbox', { name: 'Dedication' });

    reopenAfterElsewhere({
      ...DEFAULT_BOOK_SETTINGS,
      front_matter: { ...DEFAULT_BOOK_SETTINGS.front_matter, dedication: 'Saved in the other tab.' },
    });

    const again = await screen.findByRole('dialog', { name: 'Book settings' });
    await waitFor(async () =>
      expect(
        ((await within(again).findByRole('textbox', { name: 'Dedication' })) as HTMLTextAreaElement).value,
      ).toBe('Saved in the other tab.'),
    );
  });

  it('says what is wrong and sends nothing when a setting is refused by the shared rules', async () => {
    const { fetchMock } = openDialog(DEFAULT_BOOK_SETTINGS);
    const dialog = await screen.findByRole('dialog', { name: 'Book settings' });

    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Copyright year' }), {
      target: { value: '26' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('A copyright year has four digits.');
    expect(bodiesSent(fetchMock, 'PUT', PATH)).toEqual([]);
  });

  it('keeps the dialog and the choices open when the save fails, with the alert', async () => {
    silenceConsoleErrors();
    const { closedTimes } = openDialog(DEFAULT_BOOK_SETTINGS, () => serverError());
    const dialog = await screen.findByRole('dialog', { name: 'Book settings' });

    await choose(dialog, 'Style', 'Romance — Crimson Pro, script titles');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText(
        'The book settings could not be saved. Your choices are still in the dialog; try again.',
      ),
    ).toBeTruthy();
    expect(closedTimes()).toBe(0);
    expect(within(dialog).getByRole('combobox', { name: 'Style' }).textContent).toContain('Romance');
  });
});
