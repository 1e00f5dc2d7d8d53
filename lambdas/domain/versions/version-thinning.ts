import type { VersionKind } from '../../../shared/schemas/versions';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** 1970-01-01 was a Thursday; weeks are counted from Monday 1969-12-29 so each starts on a Monday (UTC). */
const FIRST_MONDAY = -3 * DAY;

/** Automatic versions younger than this keep one per hour. */
export const HOURLY_FOR = DAY;
/** Automatic versions younger than this (and older than a day) keep one per day; older ones, one per week. */
export const DAILY_FOR = 30 * DAY;

export interface ThinnableVersion {
  version_id: string;
  kind: VersionKind;
  created_at: string;
}

/**
 * The period an automatic version stands for: its UTC hour while it is under a day old, its UTC day while under
 * 30 days, then its week (Monday to Sunday, UTC). Calendar periods rather than ages, so a version's period only
 * ever widens and what was kept stays kept until its period widens.
 */
function periodOf(createdAt: number, now: number): string {
  const age = now - createdAt;
  if (age < HOURLY_FOR) return `hour:${Math.floor(createdAt / HOUR)}`;
  if (age < DAILY_FOR) return `day:${Math.floor(createdAt / DAY)}`;
  return `week:${Math.floor((createdAt - FIRST_MONDAY) / WEEK)}`;
}

/**
 * The versions to delete: every named version is kept; of the automatic ones, the newest in each period
 * (hourly for a day, daily for 30 days, weekly after). The newest version of all is therefore always kept.
 */
export function versionsToThin(versions: readonly ThinnableVersion[], now: Date): string[] {
  const newestByPeriod = new Map<string, ThinnableVersion>();
  const thinned: string[] = [];
  const automatic = versions
    .filter((version) => version.kind === 'automatic')
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.version_id.localeCompare(a.version_id));
  for (const version of automatic) {
    const period = periodOf(Date.parse(version.created_at), now.getTime());
    if (newestByPeriod.has(period)) thinned.push(version.version_id);
    else newestByPeriod.set(period, version);
  }
  return thinned;
}
