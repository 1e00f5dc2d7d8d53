import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, renderApp } from '../helpers/render-app';
import { deferred, emptyResponse, jsonResponse, stubFetch } from '../helpers/fetch-stub';

function signedOut() {
  return stubFetch((url) => {
    if (url === '/api/user')
      return jsonResponse({ error: 'unauthenticated', message: 'You need to sign in.' }, 401);
    throw new Error(`Unexpected request to ${url}`);
  });
}

function signedIn() {
  return stubFetch((url, init) => {
    if (url === '/api/user') return jsonResponse(buildUser({ name: 'Ada Writer' }));
    // The story list a signed-in author lands on: none yet.
    if (url === '/api/stories' || url === '/api/series') return jsonResponse([]);
    if (url === '/auth/logout' && init.method === 'DELETE') return emptyResponse(204);
    throw new Error(`Unexpected request to ${url}`);
  });
}

const PROTECTED_PATHS = [
  '/stories',
  '/stories/new',
  '/stories/s1',
  '/stories/s1/edit',
  '/series/r1/add',
  '/series/r1/edit',
  '/settings',
  '/subscribe',
  '/payment',
];

describe('routing', () => {
  it.each(PROTECTED_PATHS)(
    'sends a signed-out visitor from %s to the Coming Soon splash at /',
    async (path) => {
      // Arrange
      signedOut();

      // Act
      const { router } = renderApp(path);

      // Assert
      expect(await screen.findByText('Coming Soon')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('shows the splash with the product name and a link to /signin to a signed-out visitor', async () => {
    // Arrange
    signedOut();

    // Act
    renderApp('/');

    // Assert
    expect(await screen.findByRole('heading', { name: 'Loreweaver' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
  });

  it('shows the three sign-in links on /signin to a signed-out visitor', async () => {
    // Arrange
    signedOut();

    // Act
    renderApp('/signin');

    // Assert
    const google = await screen.findByRole('link', { name: 'Sign in with Google' });
    expect(google.getAttribute('href')).toBe('/auth/google');
    expect(screen.getByRole('link', { name: 'Sign in with Amazon' }).getAttribute('href')).toBe(
      '/auth/amazon',
    );
    expect(screen.getByRole('link', { name: 'Sign in with Microsoft' }).getAttribute('href')).toBe(
      '/auth/microsoftonline',
    );
  });

  it.each(['/', '/signin'])('sends a signed-in author from %s to /stories', async (path) => {
    // Arrange
    signedIn();

    // Act
    const { router } = renderApp(path);

    // Assert
    expect(await screen.findByRole('heading', { name: 'Your Stories' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/stories');
  });

  it('lets a signed-in author open a protected page', async () => {
    // Arrange
    signedIn();

    // Act
    renderApp('/settings');

    // Assert
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeTruthy();
  });

  it('renders nothing until the user lookup has answered', async () => {
    // Arrange
    const lookup = deferred<Response>();
    stubFetch(() => lookup.promise);
    renderApp('/');

    // Act
    const headingsWhileLookingUp = screen.queryAllByRole('heading');
    const linksWhileLookingUp = screen.queryAllByRole('link');
    await act(async () => {
      lookup.resolve(jsonResponse({ error: 'unauthenticated', message: 'Sign in.' }, 401));
    });

    // Assert
    expect(headingsWhileLookingUp).toEqual([]);
    expect(linksWhileLookingUp).toEqual([]);
    expect(await screen.findByText('Coming Soon')).toBeTruthy();
  });

  it('shows a not-found page with a link home for an unknown address', async () => {
    // Arrange
    signedOut();

    // Act
    renderApp('/no/such/page');

    // Assert
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('signs the author out from the account menu and returns to the splash', async () => {
    // Arrange
    const fetchMock = signedIn();
    const { router } = renderApp('/stories');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));

    // Act
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    // Assert
    expect(await screen.findByText('Coming Soon')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(fetchMock).toHaveBeenCalledWith('/auth/logout', expect.objectContaining({ method: 'DELETE' }));
  });

  it('lists the keyboard shortcuts from the account menu', async () => {
    // Arrange
    signedIn();
    renderApp('/stories');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));

    // Act
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Keyboard shortcuts' }));

    // Assert
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });
});
