import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';

import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AlertsProvider } from '../../../../web/src/components/alerts/alerts-provider';
import { AppearancesSection } from '../../../../web/src/features/associations/components/appearances-section';
import { theme } from '../../../../web/src/theme/theme';
import { jsonResponse, stubFetch } from '../../helpers/fetch-stub';
import { createTestQueryClient } from '../../helpers/render-app';

const appearances = {
  association_id: 'frodo',
  total: 3,
  chapters: [
    {
      chapter_id: 'c1',
      title: 'A Long-expected Party',
      place: 1,
      count: 2,
      snippets: [{ key_id: 'k1', text: 'Frodo stood by the door.' }],
    },
    {
      chapter_id: 'c3',
      title: 'Three is Company',
      place: 3,
      count: 1,
      snippets: [{ key_id: 'k9', text: '…and Frodo set out at last.' }],
    },
  ],
};

function CurrentAddress() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderSection(onMentionChosen = vi.fn()) {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={['/stories/s1?chapter=c2']}>
          <AlertsProvider>
            <AppearancesSection storyId="s1" associationId="frodo" onMentionChosen={onMentionChosen} />
            <CurrentAddress />
          </AlertsProvider>
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return onMentionChosen;
}

describe('the association panel’s Appears in', () => {
  it('lists the chapters mentioning the association with their counts and snippets', async () => {
    stubFetch((url) => {
      expect(url).toBe('/api/stories/s1/associations/frodo/appearances');
      return jsonResponse(appearances);
    });

    renderSection();

    expect(await screen.findByText('3 mentions in 2 chapters')).toBeTruthy();
    const party = screen.getByRole('region', { name: 'A Long-expected Party' });
    expect(within(party).getByText('2 mentions')).toBeTruthy();
    expect(within(party).getByRole('button', { name: 'Frodo stood by the door.' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Three is Company' })).getByText('1 mention'),
    ).toBeTruthy();
  });

  it('opens the snippet’s chapter at its paragraph, naming the mention to flash', async () => {
    stubFetch(() => jsonResponse(appearances));
    const onMentionChosen = renderSection();

    fireEvent.click(await screen.findByRole('button', { name: '…and Frodo set out at last.' }));

    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe(
      '/stories/s1?chapter=c3&paragraph=k9&mention=frodo',
    );
    expect(onMentionChosen).toHaveBeenCalledOnce();
  });

  it('says when the association is not mentioned yet', async () => {
    stubFetch(() => jsonResponse({ association_id: 'frodo', total: 0, chapters: [] }));

    renderSection();

    expect(await screen.findByText('Not mentioned in the saved text yet.')).toBeTruthy();
  });
});
