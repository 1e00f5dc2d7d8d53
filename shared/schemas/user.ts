import * as z from 'zod';

/** How the app looks: light, dark, or as the device is set (the default, also for authors who never chose). */
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export const ThemePreferenceSchema = z.enum(THEME_PREFERENCES);
export type ThemePreference = z.infer<typeof ThemePreferenceSchema>;

/** GET /api/user (spec §3 User). `name` and `email` are extra, for the account menu. */
export const UserSchema = z.object({
  customer_id: z.string(),
  subscription_id: z.string(),
  renewing: z.boolean(),
  expired: z.boolean(),
  /** Unix seconds as text; empty when never subscribed. */
  expires_at: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  /** Absent until the author chooses; the app then follows the system. */
  theme: ThemePreferenceSchema.optional(),
  /** Issue 15 §1: the author's daily goal in words (absent: none) and the IANA zone their days are counted in. */
  daily_goal: z.number().int().positive().optional(),
  time_zone: z.string().optional(),
});
export type User = z.infer<typeof UserSchema>;

/** POST /api/user/download: nothing to say; an empty object (or no body) is all it takes. */
export const DownloadAllRequestSchema = z.strictObject({}).optional();
