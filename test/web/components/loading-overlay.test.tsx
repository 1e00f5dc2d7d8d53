import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingOverlay } from '../../../web/src/components/feedback/loading-overlay';
import { trackPending } from '../../../web/src/lib/pending-requests';
import { deferred } from '../helpers/fetch-stub';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('loading overlay', () => {
  it('stays hidden for a request that finishes quickly', async () => {
    // Arrange
    render(<LoadingOverlay />);
    const work = deferred<void>();

    // Act
    await act(async () => {
      const tracked = trackPending(work.promise);
      work.resolve();
      await tracked;
    });
    advance(1_000);

    // Assert
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('appears while a slow request is pending and goes away when it settles', async () => {
    // Arrange
    render(<LoadingOverlay />);
    const work = deferred<void>();
    let tracked: Promise<void> = Promise.resolve();
    act(() => {
      tracked = trackPending(work.promise);
    });

    // Act
    advance(1_000);
    const shownWhilePending = screen.queryByRole('progressbar') !== null;
    await act(async () => {
      work.resolve();
      await tracked;
    });
    advance(1_000);

    // Assert
    expect(shownWhilePending).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('leaves no spinner in the page when nothing is pending (a hidden one would still animate)', () => {
    // Arrange, act
    render(<LoadingOverlay />);
    advance(1_000);

    // Assert
    expect(screen.queryByRole('progressbar', { hidden: true })).toBeNull();
  });
});
