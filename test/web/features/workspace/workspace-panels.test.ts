import { describe, expect, it } from 'vitest';
import {
  ALL_PANELS_CLOSED,
  rightPanelOpen,
  workspacePanelsReducer,
  type WorkspacePanels,
} from '../../../../web/src/features/workspace/utils/workspace-panels';

const withOpen = (...open: (keyof WorkspacePanels)[]): WorkspacePanels => ({
  ...ALL_PANELS_CLOSED,
  ...Object.fromEntries(open.map((panel) => [panel, true])),
});

describe('the workspace panels', () => {
  it('closes the search when the chapters flyout opens, and the flyout when the search opens', () => {
    const chaptersOpen = workspacePanelsReducer(withOpen('search'), { type: 'toggled', panel: 'chapters' });
    const searchOpen = workspacePanelsReducer(chaptersOpen, { type: 'opened', panel: 'search' });

    expect(chaptersOpen).toEqual(withOpen('chapters'));
    expect(searchOpen).toEqual(withOpen('search'));
  });

  it('closes the chapters flyout when focus mode starts, and keeps the rest as they were', () => {
    const panels = workspacePanelsReducer(withOpen('chapters', 'versions', 'settings'), {
      type: 'toggled',
      panel: 'focusMode',
    });

    expect(panels).toEqual(withOpen('focusMode', 'versions', 'settings'));
  });

  it('closes only the panel itself when one closes or is toggled off', () => {
    const searchClosed = workspacePanelsReducer(withOpen('search', 'versions'), {
      type: 'toggled',
      panel: 'search',
    });
    const focusLeft = workspacePanelsReducer(withOpen('focusMode', 'search'), {
      type: 'closed',
      panel: 'focusMode',
    });

    expect(searchClosed).toEqual(withOpen('versions'));
    expect(focusLeft).toEqual(withOpen('search'));
  });

  it('opens the versions and the settings beside whatever is open', () => {
    const versions = workspacePanelsReducer(withOpen('chapters'), { type: 'toggled', panel: 'versions' });
    const settings = workspacePanelsReducer(versions, { type: 'opened', panel: 'settings' });

    expect(settings).toEqual(withOpen('chapters', 'versions', 'settings'));
  });

  it('answers the same panels when an action changes nothing', () => {
    const panels = withOpen('search');

    expect(workspacePanelsReducer(panels, { type: 'opened', panel: 'search' })).toBe(panels);
    expect(workspacePanelsReducer(panels, { type: 'closed', panel: 'settings' })).toBe(panels);
  });

  it('counts the chapters, the search and the versions as docked on the right, not settings or focus mode', () => {
    expect(rightPanelOpen(withOpen('chapters'))).toBe(true);
    expect(rightPanelOpen(withOpen('search'))).toBe(true);
    expect(rightPanelOpen(withOpen('versions'))).toBe(true);
    expect(rightPanelOpen(withOpen('settings', 'focusMode'))).toBe(false);
  });
});
