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

/** POST /api/user/delete (issue 16): the account's email, typed to confirm (compared trimmed, ignoring case). */
export const DeleteAccountRequestSchema = z.strictObject({ email: z.string().max(320) });
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

/** Its 202 answer: the account is gone for its author, its content is being purged. */
export const DeleteAccountResponseSchema = z.object({ status: z.literal('deleting') });

export const ACCOUNT_EMAIL_MISMATCH_MESSAGE =
  'The email you typed is not the email of this account. Type it exactly as it is shown.';

/** Whether a typed email is the account's: trimmed, ignoring case, as the confirmation field compares too. */
export function isAccountEmail(typed: string, accountEmail: string | undefined): boolean {
  const normalise = (email: string) => email.trim().toLowerCase();
  return (
    accountEmail !== undefined && accountEmail.trim() !== '' && normalise(typed) === normalise(accountEmail)
  );
}
