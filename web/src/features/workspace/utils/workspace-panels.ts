/**
 * Which of the workspace's panels are open: the chapters flyout, the story search, the document settings, a
 * chapter's versions, its comments, the share dialog, and focus mode (the text alone). Panels that cannot be open together are closed here, in
 * one place, by the rule of `CLOSES`, rather than by each button that opens one.
 */
export type WorkspacePanel =
  'chapters' | 'search' | 'settings' | 'versions' | 'comments' | 'share' | 'focusMode';

export type WorkspacePanels = Readonly<Record<WorkspacePanel, boolean>>;

export type WorkspacePanelsAction =
  | { type: 'opened'; panel: WorkspacePanel }
  | { type: 'closed'; panel: WorkspacePanel }
  | { type: 'toggled'; panel: WorkspacePanel };

export const ALL_PANELS_CLOSED: WorkspacePanels = {
  chapters: false,
  search: false,
  settings: false,
  versions: false,
  comments: false,
  share: false,
  focusMode: false,
};

/**
 * What opening a panel closes: the chapters flyout, the search and the comments share the right of the window,
 * and focus mode hides the side menu the flyout belongs to.
 */
const CLOSES: Readonly<Record<WorkspacePanel, readonly WorkspacePanel[]>> = {
  chapters: ['search', 'comments'],
  search: ['chapters', 'comments'],
  settings: [],
  versions: ['comments'],
  comments: ['chapters', 'search', 'versions'],
  share: [],
  focusMode: ['chapters'],
};

function withPanel(panels: WorkspacePanels, panel: WorkspacePanel, open: boolean): WorkspacePanels {
  const next = { ...panels, [panel]: open };
  if (open) for (const closed of CLOSES[panel]) next[closed] = false;
  return next;
}

/** The panels after an action; the same object when nothing changed, so React skips the render. */
export function workspacePanelsReducer(
  panels: WorkspacePanels,
  action: WorkspacePanelsAction,
): WorkspacePanels {
  const open = action.type === 'toggled' ? !panels[action.panel] : action.type === 'opened';
  const next = withPanel(panels, action.panel, open);
  const changed = (Object.keys(next) as WorkspacePanel[]).some((panel) => next[panel] !== panels[panel]);
  return changed ? next : panels;
}

/** Whether a panel docked on the right of the window is open, which the manuscript keeps clear of. */
export function rightPanelOpen(panels: WorkspacePanels): boolean {
  return panels.chapters || panels.search || panels.versions || panels.comments;
}
