import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorFallback } from '../../../web/src/app/routes/route-error-fallback';
import { ErrorBoundary } from '../../../web/src/components/errors/error-boundary';
import { silenceConsoleErrors } from '../helpers/console';

beforeEach(() => {
  // React and the router report the thrown error on the console; the test expects it.
  silenceConsoleErrors();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

function BrokenPage(): never {
  throw new Error('render failure');
}

describe('render failures', () => {
  it("shows 'Something went wrong.' when a component throws while rendering", () => {
    // Arrange
    const tree = (
      <ErrorBoundary>
        <BrokenPage />
      </ErrorBoundary>
    );

    // Act
    render(tree);

    // Assert
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeTruthy();
  });

  it("shows 'Something went wrong.' when a routed page throws while rendering", async () => {
    // Arrange
    const router = createMemoryRouter([
      { path: '/', element: <BrokenPage />, errorElement: <RouteErrorFallback /> },
    ]);

    // Act
    render(<RouterProvider router={router} />);

    // Assert
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeTruthy();
  });
});
