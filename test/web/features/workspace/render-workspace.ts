import { screen } from '@testing-library/react';
import { renderApp } from '../../helpers/render-app';

/** The whole app at `path`, resolved once the workspace shows its chapter editor. */
export async function renderWorkspace(path: string) {
  const view = renderApp(path);
  // The first render of a file also loads the workspace's code, which a busy machine takes seconds to do.
  const editor = await screen.findByRole('region', { name: 'Chapter editor' }, { timeout: 10_000 });
  return { ...view, editor };
}

/** The chapter the (fake) editor has open, also while a dialog or the flyout hides the page from assistive tech. */
export function openChapterId(): string | null {
  return screen.getByRole('region', { name: 'Chapter editor', hidden: true }).getAttribute('data-chapter-id');
}
