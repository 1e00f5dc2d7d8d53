import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answering, bodiesSent, jsonResponse, serverError } from '../../helpers/fetch-stub';
import { getChapterQueue } from '../../../../web/src/editor/autosave';
import { silenceConsoleErrors } from '../../helpers/console';
import { openChapterId, renderWorkspace } from './render-workspace';
import { buildChapter, buildStory, stubWorkspaceServer } from './workspace-server';

vi.mock('../../../../web/src/editor/chapter-editor', () => import('./fake-chapter-editor'));

beforeEach(() => {
  // jsdom lays nothing out, so it has no scrolling to do; the flyout scrolls the active chapter into view.
  Element.prototype.scrollIntoView = vi.fn();
});

const threeChapters = [
  buildChapter('c2', 2, { title: 'Arrival' }),
  buildChapter('c3', 3, { title: 'The Oasis' }),
  buildChapter('c1', 1, { title: 'Departure' }),
];

async function openFlyout() {
  fireEvent.click(screen.getByRole('button', { name: 'Chapters and layout' }));
  return screen.findByRole('list', { name: 'Chapters' });
}

/** The chapter rows' titles, top to bottom. */
function rowTitles(list: HTMLElement) {
  return within(list)
    .getAllByRole('listitem')
    .map(
      (row) => within(row).getByRole('button', { name: /^(?!Move |Delete |More actions for )/ }).textContent,
    );
}

describe('the chapters flyout', () => {
  it('lists the chapters sorted by place', async () => {
    // Arrange
    stubWorkspaceServer({ story: buildStory(threeChapters) });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    const list = await openFlyout();

    // Assert
    // Over a narrow manuscript the flyout is a modal drawer.
    expect(screen.getByRole('dialog', { name: 'Chapters and layout' })).toBeTruthy();
    expect(rowTitles(list)).toEqual(['Departure', 'Arrival', 'The Oasis']);
  });

  it('marks each chapter as not assigned to an outline', async () => {
    // Arrange
    stubWorkspaceServer({ story: buildStory(threeChapters) });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    const list = await openFlyout();

    // Assert
    expect(within(list).getAllByLabelText('Not assigned to an outline')).toHaveLength(3);
  });

  it('brings the open chapter into view when the flyout opens and when the branch is expanded again', async () => {
    // Arrange
    stubWorkspaceServer({ story: buildStory(threeChapters) });
    await renderWorkspace('/stories/s1?chapter=c3');
    const list = await openFlyout();
    const openRow = within(list).getByRole('button', { name: 'The Oasis' }).closest('li');
    await waitFor(() => expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(openRow));
    vi.mocked(Element.prototype.scrollIntoView).mockClear();
    const branch = screen.getByRole('button', { name: /^Chapters \d+$/ });
    fireEvent.click(branch);
    await waitFor(() => expect(branch.getAttribute('aria-expanded')).toBe('false'));

    // Act
    fireEvent.click(branch);

    // Assert
    await waitFor(() => expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(openRow));
  });

  it('adds a chapter titled Chapter N at place N, N being the chapter count plus one', async () => {
    // Arrange
    const fetchMock = stubWorkspaceServer({ story: buildStory(threeChapters) });
    await renderWorkspace('/stories/s1?chapter=c1');
    const list = await openFlyout();

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'New chapter' }));

    // Assert
    await waitFor(() => expect(rowTitles(list)).toEqual(['Departure', 'Arrival', 'The Oasis', 'Chapter 4']));
    const [body] = bodiesSent(fetchMock, 'POST', '/api/stories/s1/chapter');
    expect(JSON.parse(String(body))).toEqual({ title: 'Chapter 4', place: 4 });
  });

  it('opens a chapter when its row is clicked', async () => {
    // Arrange
    stubWorkspaceServer({ story: buildStory(threeChapters) });
    const { router } = await renderWorkspace('/stories/s1?chapter=c1');
    const list = await openFlyout();

    // Act
    fireEvent.click(within(list).getByRole('button', { name: 'The Oasis' }));

    // Assert
    await waitFor(() => expect(router.state.location.search).toBe('?chapter=c3'));
    expect(openChapterId()).toBe('c3');
    // Beside a narrow manuscript the flyout covers it; it gets out of the way once a chapter is chosen.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Chapters' })).toBeNull());
  });

  it("shows 'Problem' when the chapter cannot be created", async () => {
    // Arrange
    silenceConsoleErrors();
    stubWorkspaceServer({
      story: buildStory(threeChapters),
      handle: answering('POST', '/api/stories/s1/chapter', serverError()),
    });
    await renderWorkspace('/stories/s1?chapter=c1');
    await openFlyout();

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'New chapter' }));

    // Assert
    expect(await screen.findByText('Problem')).toBeTruthy();
    expect(screen.getByText('An error occurred creating your chapter.')).toBeTruthy();
  });

  it("refuses to delete a story's only chapter", async () => {
    // Arrange
    const fetchMock = stubWorkspaceServer({
      story: buildStory([buildChapter('c1', 1, { title: 'Departure' })]),
    });
    await renderWorkspace('/stories/s1?chapter=c1');
    await openFlyout();

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Delete Departure' }));

    // Assert
    const dialog = await screen.findByRole('dialog', { name: 'Cannot delete chapter' });
    expect(within(dialog).getByText("You cannot delete a story's only chapter.")).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(bodiesSent(fetchMock, 'DELETE', '/api/stories/s1/chapter/c1')).toHaveLength(0);
  });

  it('asks before deleting a chapter, then deletes it', async () => {
    // Arrange
    const fetchMock = stubWorkspaceServer({ story: buildStory(threeChapters) });
    await renderWorkspace('/stories/s1?chapter=c1');
    const list = await openFlyout();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Arrival' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete chapter' });
    expect(within(dialog).getByText('Delete Arrival from The Salt Road?')).toBeTruthy();

    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    // Assert
    await waitFor(() => expect(rowTitles(list)).toEqual(['Departure', 'The Oasis']));
    expect(bodiesSent(fetchMock, 'DELETE', '/api/stories/s1/chapter/c2')).toEqual([undefined]);
  });

  it('says where a deleted chapter can be restored from, and restores it with Undo', async () => {
    // Arrange
    const fetchMock = stubWorkspaceServer({
      story: buildStory(threeChapters),
      handle: (url, init) =>
        init.method === 'POST' && url === '/api/trash/stories/s1/chapters/c2/restore'
          ? new Response(null, { status: 204 })
          : undefined,
    });
    await renderWorkspace('/stories/s1?chapter=c1');
    const list = await openFlyout();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Arrival' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete chapter' });
    const note = within(dialog).getByText('You can restore it for 30 days from Settings › Recently deleted.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const toast = (await screen.findByText('Chapter deleted')).closest<HTMLElement>('[role="alert"]')!;

    // Act
    fireEvent.click(within(toast).getByRole('button', { name: 'Undo', hidden: true }));

    // Assert
    expect(note).toBeTruthy();
    expect(toast.textContent).toContain('“Arrival” can be restored from Settings › Recently deleted');
    await waitFor(() => expect(rowTitles(list)).toEqual(['Departure', 'Arrival', 'The Oasis']));
    expect(bodiesSent(fetchMock, 'POST', '/api/trash/stories/s1/chapters/c2/restore')).toHaveLength(1);
  });

  it("stops a deleted chapter's autosave queue, and no other chapter's", async () => {
    // Arrange
    stubWorkspaceServer({ story: buildStory(threeChapters) });
    await renderWorkspace('/stories/s1?chapter=c1');
    const deletedQueue = getChapterQueue({ storyId: 's1', chapterId: 'c2' });
    const keptQueue = getChapterQueue({ storyId: 's1', chapterId: 'c1' });
    const list = await openFlyout();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Arrival' }));

    // Act
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    // Assert
    await waitFor(() => expect(rowTitles(list)).toEqual(['Departure', 'The Oasis']));
    expect(getChapterQueue({ storyId: 's1', chapterId: 'c2' })).not.toBe(deletedQueue);
    expect(getChapterQueue({ storyId: 's1', chapterId: 'c1' })).toBe(keptQueue);
  });

  it("keeps the chapter's autosave queue when its deletion fails", async () => {
    // Arrange
    silenceConsoleErrors();
    stubWorkspaceServer({
      story: buildStory(threeChapters),
      handle: answering('DELETE', '/api/stories/s1/chapter/c2', serverError()),
    });
    await renderWorkspace('/stories/s1?chapter=c1');
    const queue = getChapterQueue({ storyId: 's1', chapterId: 'c2' });
    await openFlyout();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Arrival' }));

    // Act
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    // Assert
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Deleting a chapter failed.', expect.anything()),
    );
    expect(getChapterQueue({ storyId: 's1', chapterId: 'c2' })).toBe(queue);
  });

  it('opens the chapter before a deleted open chapter', async () => {
    // Arrange
    stubWorkspaceServer({ story: buildStory(threeChapters) });
    const { router } = await renderWorkspace('/stories/s1?chapter=c2');
    await openFlyout();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Arrival' }));

    // Act
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    // Assert
    await waitFor(() => expect(router.state.location.search).toBe('?chapter=c1'));
    expect(openChapterId()).toBe('c1');
  });

  it('counts a 501 answer to a deletion as success', async () => {
    // Arrange
    stubWorkspaceServer({
      story: buildStory(threeChapters),
      handle: (url, init) =>
        init.method === 'DELETE'
          ? jsonResponse({ error: 'not_implemented', message: 'Later.' }, 501)
          : undefined,
    });
    await renderWorkspace('/stories/s1?chapter=c1');
    const list = await openFlyout();
    fireEvent.click(screen.getByRole('button', { name: 'Delete The Oasis' }));

    // Act
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    // Assert
    await waitFor(() => expect(rowTitles(list)).toEqual(['Departure', 'Arrival']));
  });

  it('keeps the Outline branch disabled for a free account', async () => {
    // Arrange
    stubWorkspaceServer({ story: buildStory(threeChapters) });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    await openFlyout();

    // Assert
    expect(screen.getByRole('button', { name: /^Outline/ }).getAttribute('aria-disabled')).toBe('true');
  });
});
