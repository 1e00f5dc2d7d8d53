import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as AutosaveModule from '../../../../web/src/editor/autosave';
import { bodiesSent, jsonResponse } from '../../helpers/fetch-stub';
import { buildUser, paidSubscription } from '../../helpers/render-app';
import { renderWorkspace } from './render-workspace';
import { buildChapter, buildStory, stubWorkspaceServer } from './workspace-server';

vi.mock('../../../../web/src/editor/chapter-editor', () => import('./fake-chapter-editor'));
vi.mock('../../../../web/src/editor/autosave', async (importOriginal) => ({
  ...(await importOriginal<typeof AutosaveModule>()),
  flushAllChapterQueues: vi.fn(async () => undefined),
}));

const story = buildStory([buildChapter('c1', 1, { title: 'Departure' })]);

/** The export menu's DOCX options (issue 24 §5), ticked and then a format chosen. */
async function exportWithReview(type: 'DOCX' | 'PDF') {
  const path = `/api/stories/s1/export?type=${type.toLowerCase()}`;
  const fetchMock = stubWorkspaceServer({
    story,
    user: buildUser(paidSubscription()),
    handle: (url, init) =>
      init.method === 'PUT' && url === path
        ? jsonResponse({ url: 'https://downloads.example/s1' })
        : undefined,
  });
  await renderWorkspace('/stories/s1?chapter=c1');
  fireEvent.click(screen.getByRole('button', { name: 'Export' }));
  fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: /^Include comments/ }));
  fireEvent.click(screen.getByRole('menuitemcheckbox', { name: /^Include suggestions as tracked changes/ }));
  fireEvent.click(screen.getByRole('menuitem', { name: type }));
  await screen.findByRole('alert');
  const [body] = bodiesSent(fetchMock, 'PUT', path);
  return JSON.parse(String(body)) as Record<string, unknown>;
}

describe('the export menu’s comments and suggestions', () => {
  it('asks a DOCX for the comments and the suggestions when ticked', async () => {
    expect(await exportWithReview('DOCX')).toMatchObject({
      type: 'docx',
      include_comments: true,
      include_suggestions: true,
    });
  });

  it('leaves them out of a PDF', async () => {
    const body = await exportWithReview('PDF');
    expect(body).not.toHaveProperty('include_comments');
    expect(body).not.toHaveProperty('include_suggestions');
  });
});
