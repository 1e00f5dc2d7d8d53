import { describe, expect, it } from 'vitest';
import { versionsToThin, type ThinnableVersion } from '../../../../lambdas/domain/versions/version-thinning';

/** A fixed clock: Saturday 21 November 2026, 12:00 UTC. */
const NOW = new Date('2026-11-21T12:00:00.000Z');

const automatic = (createdAt: string): ThinnableVersion => ({
  version_id: `auto-${createdAt}`,
  kind: 'automatic',
  created_at: createdAt,
});
const named = (createdAt: string): ThinnableVersion => ({
  version_id: `named-${createdAt}`,
  kind: 'named',
  created_at: createdAt,
});

describe('versionsToThin', () => {
  it('keeps one automatic version per hour within the last day: the newest of the hour', () => {
    const versions = [
      automatic('2026-11-21T11:10:00.000Z'),
      automatic('2026-11-21T11:40:00.000Z'),
      automatic('2026-11-21T10:15:00.000Z'),
      automatic('2026-11-20T13:05:00.000Z'),
      automatic('2026-11-20T13:35:00.000Z'),
    ];

    const thinned = versionsToThin(versions, NOW);

    expect(thinned.sort()).toEqual(['auto-2026-11-20T13:05:00.000Z', 'auto-2026-11-21T11:10:00.000Z']);
  });

  it('keeps one per day from a day to 30 days old, the newest of that day', () => {
    const versions = [
      automatic('2026-11-19T08:00:00.000Z'),
      automatic('2026-11-19T21:30:00.000Z'),
      automatic('2026-11-19T16:00:00.000Z'),
      automatic('2026-10-23T09:00:00.000Z'),
      automatic('2026-10-23T10:00:00.000Z'),
    ];

    const thinned = versionsToThin(versions, NOW);

    expect(thinned.sort()).toEqual([
      'auto-2026-10-23T09:00:00.000Z',
      'auto-2026-11-19T08:00:00.000Z',
      'auto-2026-11-19T16:00:00.000Z',
    ]);
  });

  it('keeps one per Monday-to-Sunday week after 30 days', () => {
    const versions = [
      // Monday 5 and Sunday 11 October 2026: one week.
      automatic('2026-10-05T09:00:00.000Z'),
      automatic('2026-10-11T20:00:00.000Z'),
      // Monday 12 October: the next week.
      automatic('2026-10-12T07:00:00.000Z'),
    ];

    const thinned = versionsToThin(versions, NOW);

    expect(thinned).toEqual(['auto-2026-10-05T09:00:00.000Z']);
  });

  it('keeps every named version, however many share a period', () => {
    const versions = [
      named('2026-11-21T11:10:00.000Z'),
      named('2026-11-21T11:20:00.000Z'),
      named('2025-01-01T00:00:00.000Z'),
      named('2025-01-02T00:00:00.000Z'),
      automatic('2026-11-21T11:30:00.000Z'),
    ];

    expect(versionsToThin(versions, NOW)).toEqual([]);
  });

  it('never thins the newest version', () => {
    // One a minute from 11:00 to 11:59: one hour.
    const versions = Array.from({ length: 60 }, (_, minute) =>
      automatic(new Date(NOW.getTime() - (minute + 1) * 60_000).toISOString()),
    );

    const thinned = versionsToThin(versions, NOW);

    expect(thinned).not.toContain(versions[0]!.version_id);
    expect(thinned).toHaveLength(59);
  });

  it('keeps a version that moved from the hourly to the daily tier only if it is its day’s newest', () => {
    const versions = [automatic('2026-11-20T11:30:00.000Z'), automatic('2026-11-20T11:50:00.000Z')];

    expect(versionsToThin(versions, NOW)).toEqual(['auto-2026-11-20T11:30:00.000Z']);
    expect(versionsToThin(versions, new Date('2026-11-21T11:40:00.000Z'))).toEqual([]);
  });
});
