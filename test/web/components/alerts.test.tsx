import { ThemeProvider } from '@mui/material/styles';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_RESET_DELAY_MS, DEFAULT_ALERT_TIMEOUT_MS } from '../../../shared/constants';
import type { AlertOptions } from '../../../web/src/components/alerts/alert-types';
import { useAlerts, type AlertsApi } from '../../../web/src/components/alerts/alerts-context';
import { AlertsProvider } from '../../../web/src/components/alerts/alerts-provider';
import { theme } from '../../../web/src/theme/theme';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Mounts the alerts provider in a router that has the pages alert actions lead to. */
function renderAlerts() {
  const captured: { api?: AlertsApi } = {};
  function CaptureAlertsApi() {
    captured.api = useAlerts();
    return null;
  }
  const router = createMemoryRouter([
    {
      element: (
        <AlertsProvider>
          <CaptureAlertsApi />
          <Outlet />
        </AlertsProvider>
      ),
      children: [
        { path: '/', element: <h1>Writing desk</h1> },
        { path: '/subscribe', element: <h1>Subscribe page</h1> },
        { path: '/settings', element: <h1>Settings page</h1> },
      ],
    },
  ]);
  render(
    <ThemeProvider theme={theme}>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return {
    router,
    showAlert: (alert: AlertOptions) => act(() => captured.api?.showAlert(alert)),
  };
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('toast alerts', () => {
  // The toast is downloaded with the first alert. Shown once here on the real clock, it then renders in the
  // same tick as `showAlert` in every test, which the fake clock of the tests needs.
  beforeAll(async () => {
    const { showAlert } = renderAlerts();
    showAlert({ title: 'Toast downloaded', message: 'Ready.', severity: 'info', timeout: null });
    await screen.findByText('Toast downloaded');
    cleanup();
  });

  it('shows the title and keeps the line breaks of a multi-line message', () => {
    // Arrange
    const { showAlert } = renderAlerts();

    // Act
    showAlert({
      title: 'Chapter ready',
      message: 'Your chapter is saved.\nKeep writing.',
      severity: 'success',
    });

    // Assert
    expect(screen.getByText('Chapter ready')).toBeTruthy();
    const message = screen.getByText(/Your chapter is saved/);
    expect(message.textContent).toContain('Your chapter is saved.\nKeep writing.');
    expect(getComputedStyle(message).whiteSpace).toBe('pre-line');
  });

  it('hides itself 10 seconds after appearing when no timeout is given', () => {
    // Arrange
    const { showAlert } = renderAlerts();
    showAlert({ title: 'Story creation success', message: 'Saved.', severity: 'success' });

    // Act
    advance(DEFAULT_ALERT_TIMEOUT_MS - 1);
    const visibleJustBefore = screen.queryByText('Story creation success') !== null;
    advance(1 + ALERT_RESET_DELAY_MS);

    // Assert
    expect(visibleJustBefore).toBe(true);
    expect(screen.queryByText('Story creation success')).toBeNull();
  });

  it('hides itself after the timeout the caller gives', () => {
    // Arrange
    const { showAlert } = renderAlerts();
    showAlert({ title: 'Cannot upload file', message: 'Only images.', severity: 'warning', timeout: 3_000 });

    // Act
    advance(3_000 + ALERT_RESET_DELAY_MS);

    // Assert
    expect(screen.queryByText('Cannot upload file')).toBeNull();
  });

  it('keeps an alert with a null timeout until the author dismisses it', () => {
    // Arrange
    const { showAlert } = renderAlerts();
    showAlert({ title: 'Unable to sync', message: 'Retrying.', severity: 'error', timeout: null });

    // Act
    advance(10 * DEFAULT_ALERT_TIMEOUT_MS);
    const visibleAfterLongWait = screen.queryByText('Unable to sync') !== null;
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    advance(ALERT_RESET_DELAY_MS);

    // Assert
    expect(visibleAfterLongWait).toBe(true);
    expect(screen.queryByText('Unable to sync')).toBeNull();
  });

  it('does not close when the author clicks elsewhere on the page', () => {
    // Arrange
    const { showAlert } = renderAlerts();
    showAlert({ title: 'Subscription Expired', message: 'Renew.', severity: 'warning', timeout: null });
    advance(1); // the toast starts listening for outside clicks one tick after it opens

    // Act
    fireEvent.click(screen.getByRole('heading', { name: 'Writing desk' }));
    advance(ALERT_RESET_DELAY_MS);

    // Assert
    expect(screen.getByText('Subscription Expired')).toBeTruthy();
  });

  it('navigates to /subscribe from a subscribe action and closes the alert', () => {
    // Arrange
    const { showAlert, router } = renderAlerts();
    showAlert({
      title: 'Insufficient subscription',
      message: 'Free accounts are unable to export their stories.',
      severity: 'warning',
      timeout: null,
      callback: { type: 'subscribe', text: 'Subscribe' },
    });

    // Act
    fireEvent.click(screen.getByRole('link', { name: 'Subscribe' }));
    advance(ALERT_RESET_DELAY_MS);

    // Assert
    expect(router.state.location.pathname).toBe('/subscribe');
    expect(screen.getByRole('heading', { name: 'Subscribe page' })).toBeTruthy();
    expect(screen.queryByText('Insufficient subscription')).toBeNull();
  });

  it('navigates to /settings from a renew action', () => {
    // Arrange
    const { showAlert, router } = renderAlerts();
    showAlert({
      title: 'Subscription Expiring',
      message: 'Your subscription ends soon.',
      severity: 'warning',
      timeout: null,
      callback: { type: 'renew', text: 'Renew' },
    });

    // Act
    fireEvent.click(screen.getByRole('link', { name: 'Renew' }));

    // Assert
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.getByRole('heading', { name: 'Settings page' })).toBeTruthy();
  });

  it('offers an external link that opens beside the app', () => {
    // Arrange
    const { showAlert } = renderAlerts();

    // Act
    showAlert({
      title: 'Conversion complete',
      message: 'Right-click the link to save your document.',
      severity: 'success',
      timeout: null,
      link: { url: 'https://files.example.test/story.pdf', text: 'Download' },
    });

    // Assert
    const link = screen.getByRole('link', { name: 'Download' });
    expect(link.getAttribute('href')).toBe('https://files.example.test/story.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('replaces the alert on screen with a newer one', () => {
    // Arrange
    const { showAlert } = renderAlerts();
    showAlert({ title: 'First', message: 'One.', severity: 'info', timeout: null });

    // Act
    showAlert({ title: 'Second', message: 'Two.', severity: 'info', timeout: null });

    // Assert
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
  });
});
