import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Timeline } from '../../../../shared/schemas/story-time';
import { silenceConsoleErrors } from '../../helpers/console';
import { renderApp } from '../../helpers/render-app';
import { buildStory, jsonResponse, stubServer } from '../library-fixtures';
import { buildTimeline, SHORT_CALENDAR } from './timeline-fixtures';

beforeEach(silenceConsoleErrors);

async function openTimeline(
  options: { timeline?: Timeline; seriesId?: string; answers?: Parameters<typeof stubServer>[0] } = {},
) {
  const server = stubServer({
    'GET /api/stories/s1': jsonResponse(
      buildStory({
        story_id: 's1',
        title: 'Eastwatch',
        ...(options.seriesId ? { series_id: options.seriesId } : {}),
      }),
    ),
    'GET /api/stories/s1/timeline': jsonResponse(options.timeline ?? buildTimeline()),
    ...options.answers,
  });
  renderApp('/stories/s1/timeline');
  // The page and its chart library load lazily, as in the app: the first test of the file waits for the import.
  await screen.findByRole('list', { name: /^Chapters in/ }, { timeout: 10_000 });
  return server;
}

const listedChapters = () =>
  within(screen.getByRole('list', { name: /^Chapters in/ }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

const sent = (requests: Awaited<ReturnType<typeof openTimeline>>['requests'], method: string) =>
  requests
    .filter((request) => request.method === method)
    .map((request) => ({ url: request.url, body: JSON.parse(String(request.body ?? 'null')) as unknown }));

async function openChapterDialog(name: string) {
  fireEvent.click(within(screen.getByRole('listitem', { name })).getByRole('button'));
  return screen.findByRole('dialog', { name: `Time of ${name}` });
}

describe('the timeline page', () => {
  it('lists the chapters in story time, and in reading order with the flashback marked', async () => {
    // Arrange
    await openTimeline();

    // Assert: story time first, with a dated chapter.
    expect(screen.getByRole('button', { name: 'Story time' }).getAttribute('aria-pressed')).toBe('true');
    expect(listedChapters()).toEqual(['3. Childhood', '1. Departure', '2. The Well']);
    expect(
      within(screen.getByRole('listitem', { name: '2. The Well' })).getByText(
        /^Follows the previous chapter/,
      ),
    ).toBeTruthy();

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Reading order' }));

    // Assert
    expect(listedChapters()).toEqual(['1. Departure', '2. The Well', '3. Childhood']);
    const childhood = screen.getByRole('listitem', { name: '3. Childhood' });
    expect(within(childhood).getByText('Flashback')).toBeTruthy();
    expect(within(childhood).getByText('Tuesday, 1 June 1002')).toBeTruthy();
  });

  it('explains how to date a chapter while none is dated, and shows the chapters in reading order', async () => {
    const timeline = buildTimeline();
    await openTimeline({
      timeline: {
        ...timeline,
        chapters: timeline.chapters.map((chapter) => ({
          ...chapter,
          start: null,
          time_set: false,
          flashback: false,
        })),
      },
    });

    expect(screen.getByText(/^No chapter is dated yet\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reading order' }).getAttribute('aria-pressed')).toBe('true');
    expect(listedChapters()).toEqual(['1. Departure', '2. The Well', '3. Childhood']);
  });

  it("dates a chapter from its dialog, in the calendar's months, as a flashback", async () => {
    // Arrange
    const { requests } = await openTimeline({
      timeline: buildTimeline({ calendar: SHORT_CALENDAR }),
      answers: {
        'PUT /api/stories/s1/chapters/c2/time': jsonResponse({
          chapter_id: 'c2',
          start: { year: -3, month: 2, day: 7 },
          end: null,
          flashback: true,
        }),
      },
    });
    const dialog = await openChapterDialog('2. The Well');
    const start = within(dialog).getByRole('group', { name: 'Start' });

    // Act
    fireEvent.change(within(start).getByRole('textbox', { name: 'Year' }), { target: { value: '-3' } });
    fireEvent.change(within(start).getByRole('combobox', { name: 'Month' }), { target: { value: '2' } });
    fireEvent.change(within(start).getByRole('textbox', { name: 'Day' }), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Flashback/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Assert
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(requests, 'PUT')).toEqual([
      {
        url: '/api/stories/s1/chapters/c2/time',
        body: { start: { year: -3, month: 2, day: 7 }, end: null, flashback: true },
      },
    ]);
    expect(within(start).queryByRole('option', { name: 'March' })).toBeNull();
  });

  it("refuses a year that is no number itself, and shows the server's words for a day the calendar lacks", async () => {
    // Arrange
    const { requests } = await openTimeline({
      answers: {
        'PUT /api/stories/s1/chapters/c1/time': jsonResponse(
          { error: 'validation', message: 'February 1018 has 28 days.' },
          400,
        ),
      },
    });
    const dialog = await openChapterDialog('1. Departure');
    const start = within(dialog).getByRole('group', { name: 'Start' });
    const year = within(start).getByRole('textbox', { name: 'Year' });

    // Act: no year, then 30 February.
    fireEvent.change(year, { target: { value: 'next year' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const local = within(dialog).getByRole('alert').textContent;
    fireEvent.change(year, { target: { value: '1018' } });
    fireEvent.change(within(start).getByRole('combobox', { name: 'Month' }), { target: { value: '2' } });
    fireEvent.change(within(start).getByRole('textbox', { name: 'Day' }), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Assert
    expect(local).toBe("The start's year is a whole number (negative before year 1).");
    expect(await within(dialog).findByText('February 1018 has 28 days.')).toBeTruthy();
    expect(sent(requests, 'PUT')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Time of 1. Departure' })).toBeTruthy();
  });

  it('clears a dated chapter with null, and keeps its end when it has one', async () => {
    // Arrange
    const timeline = buildTimeline();
    const { requests } = await openTimeline({
      timeline: {
        ...timeline,
        chapters: timeline.chapters.map((chapter) =>
          chapter.chapter_id === 'c1'
            ? { ...chapter, end: { year: 1018, month: 3, day: 9, hour: 18 } }
            : chapter,
        ),
      },
      answers: {
        'PUT /api/stories/s1/chapters/c1/time': jsonResponse({
          chapter_id: 'c1',
          start: null,
          end: null,
          flashback: false,
        }),
      },
    });
    const dialog = await openChapterDialog('1. Departure');

    // Assert: the end is shown as it is.
    const end = within(dialog).getByRole('group', { name: 'End' });
    expect((within(end).getByRole('textbox', { name: 'Hour' }) as HTMLInputElement).value).toBe('18');

    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));

    // Assert
    await waitFor(() =>
      expect(sent(requests, 'PUT')).toEqual([{ url: '/api/stories/s1/chapters/c1/time', body: null }]),
    );
  });

  it('saves a calendar of its own, and shows why the server refuses one that loses dated days', async () => {
    // Arrange
    const inUse =
      'Some chapters are dated on days this calendar does not have. Change their dates first. (Departure)';
    let answer = jsonResponse({ error: 'calendar_in_use', message: inUse }, 409);
    const { requests } = await openTimeline({ answers: { 'PUT /api/stories/s1/calendar': () => answer } });
    fireEvent.click(screen.getByRole('button', { name: 'Calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calendar' });
    expect(within(dialog).queryByRole('button', { name: 'Use the Gregorian calendar' })).toBeNull();

    // Act
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name of month 1' }), {
      target: { value: ' Frostmoon ' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Days in month 1' }), {
      target: { value: '40' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add month' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name of month 2' }), {
      target: { value: 'Thawmoon' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Week days' }), {
      target: { value: 'Sunday, , Moonday' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Hours per day' }), {
      target: { value: '20' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Epoch name' }), {
      target: { value: 'A.W.' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /year 0/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Assert
    expect(await within(dialog).findByText(inUse)).toBeTruthy();
    expect(sent(requests, 'PUT')).toEqual([
      {
        url: '/api/stories/s1/calendar',
        body: {
          months: [
            { name: 'Frostmoon', days: 40 },
            { name: 'Thawmoon', days: 30 },
          ],
          week_days: ['Sunday', 'Moonday'],
          hours_per_day: 20,
          epoch_name: 'A.W.',
          year_zero: true,
        },
      },
    ]);

    // Act: accepted the second time.
    answer = jsonResponse({ ...SHORT_CALENDAR });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Assert
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("goes back to the Gregorian calendar with DELETE, and says when the calendar is the series'", async () => {
    // Arrange
    const { requests } = await openTimeline({
      seriesId: 'r1',
      timeline: buildTimeline({ calendar: { ...SHORT_CALENDAR, series_id: 'r1' } }),
      answers: { 'DELETE /api/stories/s1/calendar': jsonResponse({ ...SHORT_CALENDAR, series_id: 'r1' }) },
    });
    expect(screen.getByRole('button', { name: 'Whole series' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calendar' });

    // Assert
    expect(within(dialog).getByText('Shared by every volume of the series.')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Name of month 2' }) as HTMLInputElement).value).toBe(
      'Thawmoon',
    );

    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use the Gregorian calendar' }));

    // Assert
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(requests, 'DELETE').map((request) => request.url)).toEqual(['/api/stories/s1/calendar']);
  });

  it('reads the whole series when asked', async () => {
    // Arrange
    const { requests } = await openTimeline({
      seriesId: 'r1',
      answers: {
        'GET /api/series/r1/timeline': jsonResponse(
          buildTimeline({
            chapters: buildTimeline().chapters.map((chapter) =>
              chapter.chapter_id === 'c3' ? { ...chapter, story_id: 's2', volume: 2, place: 1 } : chapter,
            ),
          }),
        ),
      },
    });

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Whole series' }));

    // Assert
    expect(await screen.findByRole('listitem', { name: 'Volume 2, 1. Childhood' })).toBeTruthy();
    expect(requests.some((request) => request.url === '/api/series/r1/timeline')).toBe(true);
  });
});
