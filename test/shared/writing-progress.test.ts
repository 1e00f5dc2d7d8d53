import { describe, expect, it } from 'vitest';
import {
  addDays,
  addToDailyWords,
  dayOf,
  daysBetween,
  isValidTimeZone,
  recentDays,
  wordsPerDayNeeded,
  writingStreak,
} from '../../shared/writing-progress';

describe('dayOf', () => {
  it('puts an instant on the author’s day either side of midnight', () => {
    expect(dayOf(new Date('2026-06-30T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-06-30');
    expect(dayOf(new Date('2026-06-30T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-07-01');
    expect(dayOf(Date.parse('2026-01-01T09:59:00Z'), 'Pacific/Kiritimati')).toBe('2026-01-01');
    expect(dayOf(Date.parse('2026-01-01T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-01-02');
    expect(dayOf(Date.parse('2026-01-01T10:00:00Z'), 'Pacific/Pago_Pago')).toBe('2025-12-31');
  });

  it('follows daylight saving time in spring and in autumn', () => {
    // Paris moves from UTC+1 to UTC+2 at 01:00 UTC on 29 March 2026.
    expect(dayOf(new Date('2026-03-28T22:59:00Z'), 'Europe/Paris')).toBe('2026-03-28');
    expect(dayOf(new Date('2026-03-28T23:00:00Z'), 'Europe/Paris')).toBe('2026-03-29');
    expect(dayOf(new Date('2026-03-29T21:59:00Z'), 'Europe/Paris')).toBe('2026-03-29');
    expect(dayOf(new Date('2026-03-29T22:00:00Z'), 'Europe/Paris')).toBe('2026-03-30');
    // New York moves from UTC-4 to UTC-5 at 06:00 UTC on 1 November 2026.
    expect(dayOf(new Date('2026-11-01T03:59:00Z'), 'America/New_York')).toBe('2026-10-31');
    expect(dayOf(new Date('2026-11-01T04:00:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(dayOf(new Date('2026-11-02T04:59:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(dayOf(new Date('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('2026-11-02');
  });

  it('refuses a zone the runtime does not know', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(() => dayOf(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months, leap days and years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-02', '2026-10-31')).toBe(-2);
  });

  it('refuses what is not a calendar date', () => {
    expect(() => addDays('31/12/2026', 1)).toThrow(RangeError);
  });
});

describe('addToDailyWords', () => {
  it('adds net words and never goes below zero', () => {
    expect(addToDailyWords(100, 50)).toBe(150);
    expect(addToDailyWords(100, -30)).toBe(70);
    expect(addToDailyWords(100, -300)).toBe(0);
    expect(addToDailyWords(addToDailyWords(100, -300), 40)).toBe(40);
  });
});

describe('recentDays', () => {
  it('lists the last days oldest first, zero where nothing was written', () => {
    expect(recentDays({ '2026-02-28': 120, '2026-03-02': 80, '2026-01-01': 5 }, '2026-03-02', 3)).toEqual([
      { date: '2026-02-28', words: 120 },
      { date: '2026-03-01', words: 0 },
      { date: '2026-03-02', words: 80 },
    ]);
    expect(recentDays({}, '2026-03-02', 0)).toEqual([]);
  });
});

describe('writingStreak', () => {
  const today = '2026-03-10';

  it('counts consecutive days meeting the goal up to today', () => {
    const recorded = { '2026-03-07': 600, '2026-03-08': 500, '2026-03-09': 700, '2026-03-10': 500 };

    expect(writingStreak(recorded, 500, today)).toBe(4);
  });

  it('keeps yesterday’s streak while today has not met the goal yet', () => {
    const recorded = { '2026-03-08': 500, '2026-03-09': 700, '2026-03-10': 200 };

    expect(writingStreak(recorded, 500, today)).toBe(2);
  });

  it('is broken by a day below the goal and gone when yesterday missed it', () => {
    expect(writingStreak({ '2026-03-07': 900, '2026-03-08': 499, '2026-03-09': 900 }, 500, today)).toBe(1);
    expect(writingStreak({ '2026-03-08': 900, '2026-03-10': 100 }, 500, today)).toBe(0);
  });

  it('runs across a month boundary and is zero without a goal', () => {
    const recorded = { '2026-02-28': 10, '2026-03-01': 10 };

    expect(writingStreak(recorded, 10, '2026-03-01')).toBe(2);
    expect(writingStreak(recorded, null, '2026-03-01')).toBe(0);
  });
});

describe('wordsPerDayNeeded', () => {
  it('spreads the remaining words over the days left, today included, rounded up', () => {
    expect(wordsPerDayNeeded(40_000, 50_000, '2026-03-10', '2026-03-01')).toBe(1000);
    expect(wordsPerDayNeeded(40_001, 50_000, '2026-03-03', '2026-03-01')).toBe(3333);
  });

  it('asks for everything left on or after the deadline, and nothing once the target is reached', () => {
    expect(wordsPerDayNeeded(40_000, 50_000, '2026-03-01', '2026-03-01')).toBe(10_000);
    expect(wordsPerDayNeeded(40_000, 50_000, '2026-02-01', '2026-03-01')).toBe(10_000);
    expect(wordsPerDayNeeded(60_000, 50_000, '2026-03-10', '2026-03-01')).toBe(0);
  });

  it('has no answer without a target or a deadline', () => {
    expect(wordsPerDayNeeded(100, null, '2026-03-10', '2026-03-01')).toBeNull();
    expect(wordsPerDayNeeded(100, 50_000, undefined, '2026-03-01')).toBeNull();
  });
});
