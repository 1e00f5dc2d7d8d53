import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesSent } from '../../helpers/fetch-stub';
import { renderApp } from '../../helpers/render-app';
import { buildChapter, buildStory, storedParagraph, stubWorkspaceServer } from './workspace-server';

const chapters = [
  buildChapter('c1', 1, { title: 'Departure', synopsis: 'They leave at dawn.', stage: 'final' }),
  buildChapter('c2', 2, { title: 'The Well', stage: 'draft' }),
  buildChapter('c3', 3, { title: 'Sandstorm' }),
];
const story = buildStory(chapters, {
  outline: [{ place: 1, header: 'Act One', description: '', text: '', chapters: ['c2'] }],
});

async function renderCorkboard() {
  const fetchMock = stubWorkspaceServer({
    story,
    chaptersWithContents: [
      {
        chapter: chapters[0]!,
        blocks: { items: [storedParagraph('k1', 'The caravan left before the sun rose.')] },
      },
    ],
  });
  renderApp('/stories/s1/corkboard');
  const board = await screen.findByRole('list', { name: 'Chapter cards' });
  return { fetchMock, board };
}

const cardTitles = (board: HTMLElement) =>
  within(board)
    .getAllByRole('listitem')
    .map((card) => card.getAttribute('aria-label'));

describe('the corkboard', () => {
  it('shows a card per chapter with its place, synopsis, stage, word count and outline section', async () => {
    const { board } = await renderCorkboard();

    expect(cardTitles(board)).toEqual(['Departure', 'The Well', 'Sandstorm']);
    const departure = within(board).getByRole('listitem', { name: 'Departure' });
    expect(within(departure).getByText('Chapter 1')).toBeTruthy();
    expect(within(departure).getByRole('textbox', { name: 'Synopsis of Departure' })).toHaveProperty(
      'value',
      'They leave at dawn.',
    );
    expect(within(departure).getByText('Final', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(await within(departure).findByText('7 words')).toBeTruthy();
    expect(within(departure).getByRole('link', { name: 'Departure' }).getAttribute('href')).toBe(
      '/stories/s1?chapter=c1',
    );
    const well = within(board).getByRole('listitem', { name: 'The Well' });
    expect(within(well).getByText('Act One')).toBeTruthy();
  });

  it('filters the cards by stage', async () => {
    const { board } = await renderCorkboard();

    fireEvent.change(screen.getByRole('combobox', { name: 'Show stage' }), { target: { value: 'draft' } });
    expect(cardTitles(board)).toEqual(['The Well']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Show stage' }), { target: { value: 'none' } });
    expect(cardTitles(screen.getByRole('list', { name: 'Chapter cards' }))).toEqual(['Sandstorm']);
  });

  it('saves a synopsis edited in place when the field is left, and sends nothing when Escape puts it back', async () => {
    const { fetchMock, board } = await renderCorkboard();
    const synopsis = within(board).getByRole('textbox', { name: 'Synopsis of Sandstorm' });

    synopsis.focus();
    fireEvent.change(synopsis, { target: { value: 'Abandoned' } });
    fireEvent.keyDown(synopsis, { key: 'Escape' });
    expect([document.activeElement === synopsis, (synopsis as HTMLTextAreaElement).value]).toEqual([
      false,
      '',
    ]);
    fireEvent.change(synopsis, { target: { value: '  The storm buries the road.  ' } });
    fireEvent.blur(synopsis);

    await waitFor(() => expect(bodiesSent(fetchMock, 'PUT', '/api/stories/s1/chapters/c3')).toHaveLength(1));
    const [body] = bodiesSent(fetchMock, 'PUT', '/api/stories/s1/chapters/c3');
    // The stage is left out: a stage chosen meanwhile is not put back.
    expect(JSON.parse(String(body))).toEqual({
      id: 'c3',
      chapter_id: 'c3',
      story_id: 's1',
      title: 'Sandstorm',
      place: 3,
      status: 'ready',
      synopsis: 'The storm buries the road.',
    });
  });

  it('changes a stage with the whole chapter object, and the card shows it at once', async () => {
    const { fetchMock, board } = await renderCorkboard();
    const sandstorm = within(board).getByRole('listitem', { name: 'Sandstorm' });

    fireEvent.change(within(sandstorm).getByRole('combobox', { name: 'Stage of Sandstorm' }), {
      target: { value: 'revised' },
    });

    expect(await within(sandstorm).findByText('Revised', { selector: '.MuiChip-label' })).toBeTruthy();
    await waitFor(() => expect(bodiesSent(fetchMock, 'PUT', '/api/stories/s1/chapters/c3')).toHaveLength(1));
    const [body] = bodiesSent(fetchMock, 'PUT', '/api/stories/s1/chapters/c3');
    expect(JSON.parse(String(body))).toMatchObject({ title: 'Sandstorm', stage: 'revised' });
    expect(JSON.parse(String(body))).not.toHaveProperty('synopsis');
  });

  it("moves a card with its buttons through the chapter list's reorder call", async () => {
    const { fetchMock, board } = await renderCorkboard();

    fireEvent.click(within(board).getByRole('button', { name: 'Move Sandstorm earlier' }));

    await waitFor(() => expect(cardTitles(board)).toEqual(['Departure', 'Sandstorm', 'The Well']));
    await waitFor(() => expect(bodiesSent(fetchMock, 'PUT', '/api/stories/s1/chapters')).toHaveLength(1));
    const [body] = bodiesSent(fetchMock, 'PUT', '/api/stories/s1/chapters');
    expect(
      (JSON.parse(String(body)) as { id: string; place: number }[]).map((chapter) => chapter.id),
    ).toEqual(['c1', 'c3', 'c2']);
    expect(
      (within(board).getByRole('button', { name: 'Move Departure earlier' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
