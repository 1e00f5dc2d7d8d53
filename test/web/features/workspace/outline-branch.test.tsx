import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sectionsFromTemplate } from '../../../../shared/outline';
import type { OutlineSection } from '../../../../shared/schemas/outline';
import { answering, bodiesSent, jsonResponse, serverError } from '../../helpers/fetch-stub';
import { buildUser } from '../../helpers/render-app';
import { silenceConsoleErrors } from '../../helpers/console';
import { renderWorkspace } from './render-workspace';
import { buildChapter, buildStory, stubWorkspaceServer } from './workspace-server';

vi.mock('../../../../web/src/editor/chapter-editor', () => import('./fake-chapter-editor'));

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

const A_YEAR_FROM_NOW = String(Math.floor(Date.now() / 1000) + 365 * 24 * 60 * 60);
const subscriber = buildUser({ subscription_id: 'sub_1', renewing: true, expires_at: A_YEAR_FROM_NOW });

const chapters = [
  buildChapter('c1', 1, { title: 'Departure' }),
  buildChapter('c2', 2, { title: 'Arrival' }),
  buildChapter('c3', 3, { title: 'The Oasis' }),
];

/** Three-Act Structure with Departure in Act I and Arrival in Act II. */
function threeActOutline(): OutlineSection[] {
  const [first, second, third] = sectionsFromTemplate('threeAct');
  return [
    { ...first!, text: 'The caravan sets out.', chapters: ['c1'] },
    { ...second!, chapters: ['c2'] },
    third!,
  ];
}

const outlineAnswer = (request: RequestInit, outline: OutlineSection[]) => {
  const { section } = JSON.parse(String(request.body)) as { section: OutlineSection };
  return jsonResponse({
    sections: outline.map((stored) => (stored.place === section.place ? { ...stored, ...section } : stored)),
  });
};

async function openOutlineBranch() {
  fireEvent.click(screen.getByRole('button', { name: 'Chapters and layout' }));
  await screen.findByRole('list', { name: 'Chapters' });
  fireEvent.click(screen.getByRole('button', { name: 'Outline' }));
}

async function openSection(header: string) {
  fireEvent.click(await screen.findByRole('button', { name: header }));
  return screen.findByRole('region', { name: header });
}

/** A subscriber's workspace with a three-act outline, its Outline branch open on 'Act I: Setup'. */
async function openSubscribersFirstAct() {
  const outline = threeActOutline();
  const fetchMock = stubWorkspaceServer({
    story: buildStory(chapters, { outline }),
    user: subscriber,
    handle: (url, init) => (url === '/api/outline' ? outlineAnswer(init, outline) : undefined),
  });
  await renderWorkspace('/stories/s1?chapter=c1');
  await openOutlineBranch();
  return { fetchMock, section: await openSection('Act I: Setup') };
}

describe('the outline branch', () => {
  it('creates an outline from the template the author chooses', async () => {
    // Arrange
    const fetchMock = stubWorkspaceServer({
      story: buildStory(chapters, { outline: [] }),
      user: subscriber,
      handle: answering(
        'POST',
        '/api/outline',
        jsonResponse({ sections: sectionsFromTemplate('fiveAct') }, 201),
      ),
    });
    await renderWorkspace('/stories/s1?chapter=c1');
    await openOutlineBranch();

    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Create Outline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an outline template' });
    const templates = within(dialog).getAllByRole('button').slice(0, 3);
    fireEvent.click(within(dialog).getByRole('button', { name: /^Five-Act Structure/ }));

    // Assert
    expect(templates.map((template) => template.textContent)).toEqual([
      'Three-Act StructureSetup, confrontation and resolution: the classic shape of most novels and films.',
      expect.stringMatching(/^Five-Act Structure.+/),
      expect.stringMatching(/^The Hero's Journey.+/),
    ]);
    expect(await screen.findByRole('button', { name: 'Exposition' })).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST', '/api/outline')).toEqual([
      JSON.stringify({ storyID: 's1', type: 'fiveAct' }),
    ]);
    expect(screen.getByRole('button', { name: 'Replace Outline' })).toBeTruthy();
  });

  it('asks with the spec’s warning before replacing an outline, and replaces nothing when cancelled', async () => {
    // Arrange
    const fetchMock = stubWorkspaceServer({
      story: buildStory(chapters, { outline: threeActOutline() }),
      user: subscriber,
    });
    await renderWorkspace('/stories/s1?chapter=c1');
    await openOutlineBranch();

    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Replace Outline' }));
    const warning = await screen.findByRole('dialog', { name: 'Replace Outline' });
    const warningText = warning.textContent;
    fireEvent.click(within(warning).getByRole('button', { name: 'Proceed' }));
    const templates = await screen.findByRole('dialog', { name: 'Choose an outline template' });
    fireEvent.click(within(templates).getByRole('button', { name: 'Cancel' }));

    // Assert
    expect(warningText).toContain(
      'WARNING: choosing a new template on the following screen will overwrite any existing outline. Are you sure you want to proceed?',
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Choose an outline template' })).toBeNull(),
    );
    expect(bodiesSent(fetchMock, 'POST', '/api/outline')).toEqual([]);
  });

  it("lists this section's chapters first and checked, hides other sections' chapters, and assigns on a click", async () => {
    // Arrange
    const { fetchMock, section } = await openSubscribersFirstAct();
    const checklist = within(section).getByRole('group', { name: 'Assign Chapters' });
    const listed = within(checklist)
      .getAllByRole('checkbox')
      .map((box) => [box.closest('label')!.textContent, (box as HTMLInputElement).checked]);

    // Act
    fireEvent.click(within(checklist).getByRole('checkbox', { name: 'The Oasis' }));

    // Assert
    expect(listed).toEqual([
      ['Departure', true],
      ['The Oasis', false],
    ]);
    await waitFor(() =>
      expect(bodiesSent(fetchMock, 'PUT', '/api/outline')).toEqual([
        JSON.stringify({ storyID: 's1', section: { place: 1, chapters: ['c1', 'c3'] } }),
      ]),
    );
    expect(within(checklist).getByRole('checkbox', { name: 'The Oasis' })).toHaveProperty('checked', true);
  });

  it('forgets a deleted chapter in its section, so the next assignment does not name it', async () => {
    // Arrange
    const outline = threeActOutline();
    const fetchMock = stubWorkspaceServer({
      story: buildStory(chapters, { outline }),
      user: subscriber,
      handle: (url, init) => (url === '/api/outline' ? outlineAnswer(init, outline) : undefined),
    });
    await renderWorkspace('/stories/s1?chapter=c2');
    await openOutlineBranch();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Departure' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete chapter' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Departure' })).toBeNull());
    const section = await openSection('Act I: Setup');

    // Act
    fireEvent.click(within(section).getByRole('checkbox', { name: 'The Oasis' }));

    // Assert
    await waitFor(() =>
      expect(bodiesSent(fetchMock, 'PUT', '/api/outline')).toEqual([
        JSON.stringify({ storyID: 's1', section: { place: 1, chapters: ['c3'] } }),
      ]),
    );
  });

  it('saves the text when it loses focus, trimmed, and only when the trimmed text changed', async () => {
    // Arrange
    const { fetchMock, section } = await openSubscribersFirstAct();
    const notes = within(section).getByRole('textbox', { name: 'Notes for Act I: Setup' });

    // Act
    fireEvent.change(notes, { target: { value: '  The caravan sets out.\n' } });
    fireEvent.blur(notes);
    fireEvent.change(notes, { target: { value: 'The caravan sets out at dawn.  ' } });
    fireEvent.blur(notes);

    // Assert
    await waitFor(() =>
      expect(bodiesSent(fetchMock, 'PUT', '/api/outline')).toEqual([
        JSON.stringify({ storyID: 's1', section: { place: 1, text: 'The caravan sets out at dawn.' } }),
      ]),
    );
  });

  it('shows the spec’s alert and puts the assignment back when the outline cannot be saved', async () => {
    // Arrange
    silenceConsoleErrors();
    stubWorkspaceServer({
      story: buildStory(chapters, { outline: threeActOutline() }),
      user: subscriber,
      handle: answering('PUT', '/api/outline', serverError()),
    });
    await renderWorkspace('/stories/s1?chapter=c1');
    await openOutlineBranch();
    const section = await openSection('Act III: Resolution');

    // Act
    fireEvent.click(within(section).getByRole('checkbox', { name: 'The Oasis' }));

    // Assert
    expect(
      await screen.findByText('There was an error updating your outline. Please report this.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(within(section).getByRole('checkbox', { name: 'The Oasis' })).toHaveProperty('checked', false),
    );
  });

  it('shows the spec’s alert when the outline cannot be created', async () => {
    // Arrange
    silenceConsoleErrors();
    stubWorkspaceServer({
      story: buildStory(chapters, { outline: [] }),
      user: subscriber,
      handle: answering('POST', '/api/outline', serverError()),
    });
    await renderWorkspace('/stories/s1?chapter=c1');
    await openOutlineBranch();

    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Create Outline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an outline template' });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Three-Act Structure/ }));

    // Assert
    expect(
      await screen.findByText('Unable to create your outline at this time. Please try again later.'),
    ).toBeTruthy();
  });

  it('shows each assigned chapter’s section header on its row, and the tooltip on the others', async () => {
    // Arrange
    stubWorkspaceServer({ story: buildStory(chapters, { outline: threeActOutline() }), user: subscriber });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Chapters and layout' }));
    const list = await screen.findByRole('list', { name: 'Chapters' });

    // Assert
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Act I: Setup')).toBeTruthy();
    expect(within(rows[1]!).getByText('Act II: Confrontation')).toBeTruthy();
    expect(within(rows[2]!).getByLabelText('Not assigned to an outline')).toBeTruthy();
  });

  it('keeps the branch disabled once a subscription has lapsed', async () => {
    // Arrange
    const lapsed = buildUser({
      subscription_id: 'sub_1',
      expires_at: String(Math.floor(Date.now() / 1000) - 60),
    });
    stubWorkspaceServer({ story: buildStory(chapters, { outline: threeActOutline() }), user: lapsed });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Chapters and layout' }));
    await screen.findByRole('list', { name: 'Chapters' });

    // Assert
    expect(screen.getByRole('button', { name: /^Outline/ }).getAttribute('aria-disabled')).toBe('true');
  });
});
