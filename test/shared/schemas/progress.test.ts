import { describe, expect, it } from 'vitest';
import { UpdateUserRequestSchema } from '../../../shared/schemas/billing';
import {
  CalendarDateSchema,
  TimeZoneSchema,
  UserProgressQuerySchema,
} from '../../../shared/schemas/progress';
import { mergeDocumentSettings, UpdateDocumentSettingsSchema } from '../../../shared/schemas/settings';

describe('the goals and progress schemas', () => {
  it('reads days from 1 to 366, 30 when left out', () => {
    expect(UserProgressQuerySchema.parse({})).toEqual({ days: 30 });
    expect(UserProgressQuerySchema.parse({ days: '1' })).toEqual({ days: 1 });
    expect(UserProgressQuerySchema.parse({ days: '366' })).toEqual({ days: 366 });
    for (const days of ['0', '367', '-1', '1.5', 'ten', '']) {
      expect(UserProgressQuerySchema.safeParse({ days }).success).toBe(false);
    }
  });

  it('takes only calendar dates that exist, written YYYY-MM-DD', () => {
    expect(CalendarDateSchema.safeParse('2028-02-29').success).toBe(true);
    for (const date of ['2026-02-29', '2026-13-01', '2026-1-5', '05/01/2026', '2026-05-01T00:00:00Z']) {
      expect(CalendarDateSchema.safeParse(date).success).toBe(false);
    }
  });

  it('takes IANA time zones the runtime knows', () => {
    expect(TimeZoneSchema.safeParse('America/Argentina/Buenos_Aires').success).toBe(true);
    expect(TimeZoneSchema.safeParse('UTC').success).toBe(true);
    expect(TimeZoneSchema.safeParse('Europe/Atlantis').success).toBe(false);
    expect(TimeZoneSchema.safeParse('').success).toBe(false);
  });

  it('takes renewing, a daily goal or a time zone in PUT /api/user, at least one', () => {
    expect(UpdateUserRequestSchema.parse({ daily_goal: 500, time_zone: 'Europe/Paris' })).toEqual({
      daily_goal: 500,
      time_zone: 'Europe/Paris',
    });
    expect(UpdateUserRequestSchema.parse({ daily_goal: null })).toEqual({ daily_goal: null });
    expect(UpdateUserRequestSchema.safeParse({}).success).toBe(false);
    expect(UpdateUserRequestSchema.safeParse({ daily_goal: 0 }).success).toBe(false);
    expect(UpdateUserRequestSchema.safeParse({ daily_goal: 10_000_001 }).success).toBe(false);
  });

  it('keeps our settings left out of a settings update and removes the goal fields sent as null', () => {
    const stored = {
      spellcheck: true,
      autotab: true,
      highlight_associations: false,
      font: 'monospace' as const,
      target_words: 80_000,
      deadline: '2026-12-31',
    };

    expect(mergeDocumentSettings(stored, { spellcheck: false, autotab: true })).toEqual({
      ...stored,
      spellcheck: false,
    });
    expect(
      mergeDocumentSettings(stored, { spellcheck: true, autotab: true, target_words: null, deadline: null }),
    ).toEqual({ spellcheck: true, autotab: true, highlight_associations: false, font: 'monospace' });
    expect(
      UpdateDocumentSettingsSchema.safeParse({ spellcheck: true, autotab: true, target_words: 1.5 }).success,
    ).toBe(false);
  });
});
