import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserProvider } from '../../../web/src/app/providers/user-provider';
// The signed-in app refreshes what it keeps offline through a module it imports on demand. Loaded here, that
// import resolves at once, so a test that ends first never leaves it loading as the environment is torn down
// (an unhandled error that fails the run).
import '../../../web/src/api/kept-stories';
import { AlertsProvider } from '../../../web/src/components/alerts/alerts-provider';
import { getChapterQueue, openPendingOpStore } from '../../../web/src/editor/autosave';
import type { ApiError } from '../../../web/src/lib/api-client';
import { useUser } from '../../../web/src/lib/user/user-context';
import { theme } from '../../../web/src/theme/theme';
import {
  deferred,
  emptyResponse,
  type FetchHandler,
  jsonResponse,
  serverError,
  stubFetch,
} from '../helpers/fetch-stub';
import { buildUser, createTestQueryClient, paidSubscription } from '../helpers/render-app';
import { silenceConsoleErrors } from '../helpers/console';

beforeAll(() => openPendingOpStore());

beforeEach(() => {
  silenceConsoleErrors();
});

/** Shows what the user context says, and offers its actions as buttons. */
function UserProbe() {
  const { isSignedIn, isSubscriber, refresh, signOut, leaveDeletedAccount } = useUser();
  const [refreshError, setRefreshError] = useState('');
  return (
    <>
      <p>{isSignedIn ? 'signed in' : 'signed out'}</p>
      <p>{isSubscriber ? 'subscriber' : 'free account'}</p>
      {refreshError && <p>refresh failed: {refreshError}</p>}
      <button onClick={() => refresh().catch((error: ApiError) => setRefreshError(error.code))}>
        Refresh
      </button>
      <button onClick={() => void signOut()}>Sign out</button>
      <button onClick={leaveDeletedAccount}>Leave the deleted account</button>
    </>
  );
}

function renderUser(handler: FetchHandler) {
  stubFetch(handler);
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <AlertsProvider>
          <UserProvider>
            <UserProbe />
          </UserProvider>
        </AlertsProvider>
      ),
    },
  ]);
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

describe('user context', () => {
  it('treats a user with a paid-up subscription as a signed-in subscriber', async () => {
    // Arrange
    const user = buildUser(paidSubscription());

    // Act
    renderUser(() => jsonResponse(user));

    // Assert
    expect(await screen.findByText('signed in')).toBeTruthy();
    expect(screen.getByText('subscriber')).toBeTruthy();
  });

  it('treats a subscription whose paid period has ended as a free account', async () => {
    // Arrange
    const user = buildUser({ ...paidSubscription(), expires_at: String(Math.floor(Date.now() / 1000) - 60) });

    // Act
    renderUser(() => jsonResponse(user));

    // Assert
    expect(await screen.findByText('signed in')).toBeTruthy();
    expect(screen.getByText('free account')).toBeTruthy();
  });

  it('treats a user with an empty subscription_id as a free account', async () => {
    // Arrange
    const user = buildUser({ subscription_id: '' });

    // Act
    renderUser(() => jsonResponse(user));

    // Assert
    expect(await screen.findByText('signed in')).toBeTruthy();
    expect(screen.getByText('free account')).toBeTruthy();
  });

  it('sends the browser’s time zone when the account holds another, and keeps the answered account', async () => {
    // Arrange
    const requests: { method: string; body?: unknown }[] = [];
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const otherZone = browserZone === 'Pacific/Chatham' ? 'Europe/Oslo' : 'Pacific/Chatham';

    // Act
    renderUser((_url, init) => {
      const method = init.method ?? 'GET';
      requests.push({ method, ...(init.body ? { body: JSON.parse(String(init.body)) } : {}) });
      return jsonResponse(buildUser({ time_zone: method === 'PUT' ? browserZone : otherZone }));
    });

    // Assert
    expect(await screen.findByText('signed in')).toBeTruthy();
    expect(requests).toEqual([{ method: 'GET' }, { method: 'PUT', body: { time_zone: browserZone } }]);
  });

  it('shows the page without waiting for the time zone to be saved', async () => {
    // Arrange
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const otherZone = browserZone === 'Pacific/Chatham' ? 'Europe/Oslo' : 'Pacific/Chatham';
    const savedZone = deferred<Response>();
    let saves = 0;

    // Act
    renderUser((_url, init) => {
      if (init.method !== 'PUT') return jsonResponse(buildUser({ time_zone: otherZone }));
      saves += 1;
      return savedZone.promise;
    });

    // Assert
    expect(await screen.findByText('signed in')).toBeTruthy();
    expect(saves).toBe(1);
    await act(async () => savedZone.resolve(jsonResponse(buildUser({ time_zone: browserZone }))));
    expect(saves).toBe(1);
  });

  it('treats a failed first lookup as signed out', async () => {
    // Arrange
    const failure = () => serverError();

    // Act
    renderUser(failure);

    // Assert
    expect(await screen.findByText('signed out')).toBeTruthy();
  });

  it('takes the account a later refresh answers', async () => {
    // Arrange
    let lookups = 0;
    renderUser(() => {
      lookups += 1;
      return jsonResponse(lookups === 1 ? buildUser() : buildUser(paidSubscription()));
    });
    await screen.findByText('free account');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));

    // Assert
    expect(await screen.findByText('subscriber')).toBeTruthy();
    expect(lookups).toBe(2);
  });

  it('keeps the author signed in when a later refresh fails with a server fault', async () => {
    // Arrange
    let lookups = 0;
    renderUser(() => {
      lookups += 1;
      return lookups === 1 ? jsonResponse(buildUser()) : serverError();
    });
    await screen.findByText('signed in');

    // Act
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    });

    // Assert
    expect(await screen.findByText('refresh failed: internal')).toBeTruthy();
    expect(screen.getByText('signed in')).toBeTruthy();
  });

  it('stays signed in and says so when the server cannot end the session', async () => {
    // Arrange
    renderUser((url) => (url === '/api/user' ? jsonResponse(buildUser()) : serverError()));
    await screen.findByText('signed in');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    // Assert
    expect(await screen.findByText('Unable to sign out')).toBeTruthy();
    expect(screen.getByText('signed in')).toBeTruthy();
  });

  it('signs out when the server ends the session', async () => {
    // Arrange
    renderUser((url) => (url === '/api/user' ? jsonResponse(buildUser()) : emptyResponse(204)));
    await screen.findByText('signed in');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    // Assert
    expect(await screen.findByText('signed out')).toBeTruthy();
  });

  it('sends what autosave still holds before ending the session', async () => {
    // Arrange
    const requests: string[] = [];
    renderUser((url, init) => {
      requests.push(`${init.method ?? 'GET'} ${url}`);
      return url === '/api/user' ? jsonResponse(buildUser()) : emptyResponse(204);
    });
    await screen.findByText('signed in');
    const queue = getChapterQueue({ storyId: 'story-sign-out', chapterId: 'chapter-sign-out' });
    queue.save('p1', JSON.stringify({ type: 'custom-paragraph', key_id: 'p1', children: [] }), 0);

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    // Assert
    expect(await screen.findByText('signed out')).toBeTruthy();
    expect(requests.slice(1)).toEqual(['PUT /api/stories/story-sign-out', 'DELETE /auth/logout']);
    expect(queue.getStatus().waiting).toBe(0);
  });

  it('stops autosave once the session has ended: the chapter gets a new queue, the old one sends nothing', async () => {
    // Arrange
    const requests: string[] = [];
    renderUser((url, init) => {
      requests.push(`${init.method ?? 'GET'} ${url}`);
      return url === '/api/user' ? jsonResponse(buildUser()) : emptyResponse(204);
    });
    await screen.findByText('signed in');
    const scope = { storyId: 'story-stopped', chapterId: 'chapter-stopped' };
    const queue = getChapterQueue(scope);

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByText('signed out');
    queue.save('p1', JSON.stringify({ type: 'custom-paragraph', key_id: 'p1', children: [] }), 0);
    await queue.retryNow();

    // Assert
    expect(getChapterQueue(scope)).not.toBe(queue);
    expect(requests.slice(1)).toEqual(['DELETE /auth/logout']);
  });

  it('keeps autosave running when the session could not be ended', async () => {
    // Arrange
    renderUser((url) => (url === '/api/user' ? jsonResponse(buildUser()) : serverError()));
    await screen.findByText('signed in');
    const scope = { storyId: 'story-kept', chapterId: 'chapter-kept' };
    const queue = getChapterQueue(scope);

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByText('Unable to sign out');

    // Assert
    expect(getChapterQueue(scope)).toBe(queue);
  });

  it('stops autosave when leaving a deleted account', async () => {
    // Arrange
    renderUser(() => jsonResponse(buildUser()));
    await screen.findByText('signed in');
    const scope = { storyId: 'story-deleted-account', chapterId: 'chapter-deleted-account' };
    const queue = getChapterQueue(scope);

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Leave the deleted account' }));

    // Assert
    await vi.waitFor(() => expect(getChapterQueue(scope)).not.toBe(queue));
  });
});
