import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../../../web/src/app/provider';
import { createAppRoutes } from '../../../web/src/app/router';
import type { User } from '../../../shared/schemas/user';

// The whole app loads its lazy pages, dialogs and transitions; the first render of a file, under a busy
// run, can outlast the default second of `findBy…` and `waitFor`.
configure({ asyncUtilTimeout: 5_000 });

/** The whole app (providers, routes, lazy pages) at `path`, with an in-memory history. */
export function renderApp(path: string) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...view };
}

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    customer_id: 'cus_123',
    subscription_id: '',
    renewing: false,
    expired: false,
    expires_at: '',
    ...overrides,
  };
}
