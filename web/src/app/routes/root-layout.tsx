import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AlertsProvider } from '../../components/alerts/alerts-provider';
import { SubscriptionAlerts } from '../../features/billing/components/subscription-alerts';
import { ThemePreferenceSync } from '../../theme/theme-preference-sync';
import { AppUpdates } from '../app-update';
import { UserProvider } from '../providers/user-provider';

/**
 * Providers that need the router (alert actions and sign-out navigate). Pages are lazy chunks; while one
 * loads the loading overlay is up, so the suspense fallback itself shows nothing.
 */
export function RootLayout() {
  return (
    <AlertsProvider>
      <AppUpdates />
      <UserProvider>
        <ThemePreferenceSync />
        <SubscriptionAlerts />
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </UserProvider>
    </AlertsProvider>
  );
}
