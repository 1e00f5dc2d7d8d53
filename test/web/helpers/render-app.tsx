import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../../../web/src/app/provider';
import { createAppRoutes } from '../../../web/src/app/router';
import { createQueryClient } from '../../../web/src/lib/query-client';
// The signed-in app refreshes what it keeps offline through a module it imports on demand. Loaded here, that
// import resolves at once, so a test that ends first never leaves it loading as the environment is torn down
// (an unhandled error that fails the run).
import '../../../web/src/api/kept-stories';
import type { User } from '../../../shared/schemas/user';

// The whole app loads its lazy pages, dialogs and transitions; the first render of a file, under a busy
// run, can outlast the default second of `findBy…` and `waitFor`.
configure({ asyncUtilTimeout: 5_000 });

/**
 * A fresh server-data cache for one test, so nothing one test loaded shows in another. A failed load is not
 * tried again: the test sees its outcome at once.
 */
export function createTestQueryClient() {
  return createQueryClient({ retryServerFaults: false });
}

/** The whole app (providers, routes, lazy pages) at `path`, with an in-memory history. */
export function renderApp(path: string) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...view };
}

/** A subscription paid for another 30 days from the real clock (the premium rule reads `expires_at`). */
export function paidSubscription(): Pick<User, 'subscription_id' | 'renewing' | 'expired' | 'expires_at'> {
  return {
    subscription_id: 'sub_1',
    renewing: true,
    expired: false,
    expires_at: String(Math.floor(Date.now() / 1000) + 30 * 24 * 60 * 60),
  };
}

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    customer_id: 'cus_123',
    subscription_id: '',
    renewing: false,
    expired: false,
    expires_at: '',
    // The browser's own zone: an account that holds it has no time zone for the app to send.
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    ...overrides,
  };
}
