import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser, renderApp } from '../../helpers/render-app';
import { jsonResponse, stubFetch } from '../../helpers/fetch-stub';

const SHARE_ID = 'a'.repeat(32);
const PENDING_SHARE_KEY = 'loreweaver.pendingShare';

afterEach(() => localStorage.clear());

describe('a share link opened before signing in', () => {
  it('asks a signed-out visitor to sign in and keeps the link', async () => {
    // Arrange
    stubFetch((url) => {
      if (url === '/api/user') return jsonResponse({ error: 'unauthenticated', message: 'Sign in.' }, 401);
      throw new Error(`Unexpected request to ${url}`);
    });

    // Act
    renderApp(`/shared/${SHARE_ID}`);

    // Assert
    expect(await screen.findByRole('heading', { name: 'A story has been shared with you' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in with Google' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(PENDING_SHARE_KEY)).toBe(SHARE_ID));
  });

  it('is continued after signing in lands on /stories, and forgotten', async () => {
    // Arrange: the link has expired meanwhile, so the join's answer is the last step.
    localStorage.setItem(PENDING_SHARE_KEY, SHARE_ID);
    const expired = 'This link has expired. Ask the author for a new one.';
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/user') return jsonResponse(buildUser({ name: 'Rita Reader' }));
      if (url === `/api/shares/${SHARE_ID}/join` && init.method === 'POST') {
        return jsonResponse({ error: 'gone', message: expired }, 410);
      }
      if (url === '/api/stories' || url === '/api/series' || url === '/api/shared') return jsonResponse([]);
      throw new Error(`Unexpected request to ${url}`);
    });

    // Act
    const { router } = renderApp('/stories');

    // Assert
    expect(await screen.findByText(expired)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/shared/${SHARE_ID}`);
    expect(screen.getByRole('link', { name: 'Go to my stories' }).getAttribute('href')).toBe('/stories');
    expect(localStorage.getItem(PENDING_SHARE_KEY)).toBeNull();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/join'))).toHaveLength(1),
    );
  });
});
