import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answering, bodiesSent, serverError } from '../../helpers/fetch-stub';
import { silenceConsoleErrors } from '../../helpers/console';
import { renderWorkspace } from './render-workspace';
import { buildChapter, buildStory, stubWorkspaceServer } from './workspace-server';

vi.mock('../../../../web/src/editor/chapter-editor', () => import('./fake-chapter-editor'));

const story = buildStory([buildChapter('c1', 1)]);

async function openSettings() {
  fireEvent.click(screen.getByRole('button', { name: 'Document settings' }));
  return screen.findByRole('dialog', { name: 'Document Settings' });
}

function checkbox(dialog: HTMLElement, label: string) {
  return within(dialog).getByRole<HTMLInputElement>('checkbox', { name: label });
}

describe('the Document Settings dialog', () => {
  it("shows the story's saved settings", async () => {
    // Arrange
    stubWorkspaceServer({
      story,
      settings: { spellcheck: false, autotab: true, highlight_associations: false },
    });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    const dialog = await openSettings();

    // Assert
    expect(checkbox(dialog, 'Spell Check').checked).toBe(false);
    expect(checkbox(dialog, 'Auto-insert tab in new paragraphs').checked).toBe(true);
    expect(checkbox(dialog, 'Highlight associations').checked).toBe(false);
  });

  it('uses spell check and auto tab when the story has no saved settings (404)', async () => {
    // Arrange
    stubWorkspaceServer({ story, settings: null });
    await renderWorkspace('/stories/s1?chapter=c1');

    // Act
    const dialog = await openSettings();

    // Assert
    expect(checkbox(dialog, 'Spell Check').checked).toBe(true);
    expect(checkbox(dialog, 'Auto-insert tab in new paragraphs').checked).toBe(true);
    expect(checkbox(dialog, 'Highlight associations').checked).toBe(true);
    expect(screen.getByText('Spell check on, auto tab on')).toBeTruthy();
  });

  it('saves a change for the story and hands it to the editor', async () => {
    // Arrange
    const fetchMock = stubWorkspaceServer({ story });
    await renderWorkspace('/stories/s1?chapter=c1');
    const dialog = await openSettings();

    // Act
    fireEvent.click(checkbox(dialog, 'Auto-insert tab in new paragraphs'));

    // Assert
    await waitFor(() => expect(bodiesSent(fetchMock, 'PUT', '/api/stories/s1/settings')).toHaveLength(1));
    const [body] = bodiesSent(fetchMock, 'PUT', '/api/stories/s1/settings');
    expect(JSON.parse(String(body))).toEqual({
      spellcheck: true,
      autotab: false,
      highlight_associations: true,
    });
    expect(checkbox(dialog, 'Auto-insert tab in new paragraphs').checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Spell check on, auto tab off')).toBeTruthy();
  });

  it('saves turning association highlighting off', async () => {
    // Arrange
    const fetchMock = stubWorkspaceServer({ story });
    await renderWorkspace('/stories/s1?chapter=c1');
    const dialog = await openSettings();

    // Act
    fireEvent.click(checkbox(dialog, 'Highlight associations'));

    // Assert
    await waitFor(() => expect(bodiesSent(fetchMock, 'PUT', '/api/stories/s1/settings')).toHaveLength(1));
    const [body] = bodiesSent(fetchMock, 'PUT', '/api/stories/s1/settings');
    expect(JSON.parse(String(body))).toEqual({
      spellcheck: true,
      autotab: true,
      highlight_associations: false,
    });
    expect(checkbox(dialog, 'Highlight associations').checked).toBe(false);
  });

  it('puts the setting back and says so when it cannot be saved', async () => {
    // Arrange
    silenceConsoleErrors();
    stubWorkspaceServer({
      story,
      handle: answering('PUT', '/api/stories/s1/settings', serverError()),
    });
    await renderWorkspace('/stories/s1?chapter=c1');
    const dialog = await openSettings();

    // Act
    fireEvent.click(checkbox(dialog, 'Spell Check'));

    // Assert
    expect(await screen.findByText('Cannot edit your settings')).toBeTruthy();
    expect(checkbox(dialog, 'Spell Check').checked).toBe(true);
  });
});
