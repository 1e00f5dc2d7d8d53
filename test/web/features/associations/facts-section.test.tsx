import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Fact } from '../../../../shared/schemas/facts';
import { AlertsProvider } from '../../../../web/src/components/alerts/alerts-provider';
import { FactsSection } from '../../../../web/src/features/associations/components/facts-section';
import { theme } from '../../../../web/src/theme/theme';
import { buildFact } from '../../../helpers/fact-fixtures';
import { buildAssociation } from '../../helpers/association-fixtures';
import { bodiesSent, jsonResponse, stubFetch } from '../../helpers/fetch-stub';
import { createTestQueryClient } from '../../helpers/render-app';
import { buildChapter, buildStory } from '../workspace/workspace-server';

const story = buildStory([
  buildChapter('c1', 1, { title: 'Rivendell' }),
  buildChapter('c2', 2, { title: 'Amon Hen' }),
]);

const fact = (id: string, label: string, value: string, chapterId: string): Fact =>
  buildFact({ fact_id: id, association_id: 'boromir', label, value, from_chapter_id: chapterId });
const alive = fact('f1', 'Status', 'alive', 'c1');
const dead = fact('f2', 'Status', 'dead', 'c2');
const born = fact('f3', 'Born', '1 March 2978', 'c1');

/** A server holding two facts of Boromir; `refuse` answers a new fact with that 400 message. */
function stubServer(refuse?: string) {
  return stubFetch((url, init) => {
    if (url === '/api/stories/s1') return jsonResponse(story);
    const association = buildAssociation('boromir', 'Boromir');
    if (url === '/api/stories/s1/associations/boromir')
      return jsonResponse({ ...association, facts: [alive, dead] });
    if (url === '/api/stories/s1/associations/boromir?as_of=c1')
      return jsonResponse({ ...association, facts: [alive] });
    if (url === '/api/stories/s1/associations/boromir?as_of=c2')
      return jsonResponse({
        ...association,
        facts: [dead, born],
        derived_facts: [{ association_id: 'boromir', label: 'Age', value: '41', from_fact_id: born.fact_id }],
      });
    if (url === '/api/stories/s1/associations/boromir/facts' && init.method === 'POST') {
      return refuse
        ? jsonResponse({ error: 'validation_error', message: refuse }, 400)
        : jsonResponse(fact('f3', 'Age', '41', 'c1'), 201);
    }
    throw new Error(`Unexpected request: ${init.method ?? 'GET'} ${url}`);
  });
}

function renderSection(address = '/stories/s1?chapter=c1') {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[address]}>
          <AlertsProvider>
            <FactsSection storyId="s1" associationId="boromir" facts={[alive, dead]} readOnly={false} />
          </AlertsProvider>
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

const standingText = async () => (await screen.findByLabelText('Facts as of this chapter')).textContent;

describe('the association panel’s Facts', () => {
  it('shows what stands as of the open chapter, and as of another one chosen', async () => {
    stubServer();
    renderSection();

    expect(await screen.findByText('alive')).toBeTruthy();
    expect(await standingText()).toBe('Statusalive');
    const every = await screen.findByRole('list', { name: 'Every fact, in story order' });
    expect(within(every).getByText('Status: dead')).toBeTruthy();
    expect(within(every).getByText('From 2. Amon Hen')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'As of chapter' }));
    fireEvent.click(await screen.findByRole('option', { name: '2. Amon Hen' }));

    expect(await screen.findByText('dead', { selector: 'dd' })).toBeTruthy();
    // The age the server works out from Born and the chapter's story time, said to be worked out.
    expect(await standingText()).toBe(
      'StatusdeadBorn1 March 2978Age41 (from Born and the chapter’s story time)',
    );
  });

  it('adds a fact true from the chapter in view', async () => {
    const fetchMock = stubServer();
    renderSection();

    fireEvent.click(await screen.findByRole('button', { name: 'Add a fact' }));
    const form = screen.getByRole('form', { name: 'Fact' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Label' }), { target: { value: 'Age' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Value' }), { target: { value: '41' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add fact' }));

    expect(await screen.findByRole('button', { name: 'Add a fact' })).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST', '/api/stories/s1/associations/boromir/facts').map(String)).toEqual([
      JSON.stringify({ label: 'Age', value: '41', from_chapter_id: 'c1' }),
    ]);
  });

  it('says beside the form why a fact was refused', async () => {
    stubServer('A fact needs a label.');
    renderSection();

    fireEvent.click(await screen.findByRole('button', { name: 'Add a fact' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add fact' }));

    expect((await screen.findByRole('alert')).textContent).toBe('A fact needs a label.');
    expect(screen.getByRole('form', { name: 'Fact' })).toBeTruthy();
  });
});
