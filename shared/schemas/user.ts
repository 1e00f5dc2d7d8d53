import { z } from 'zod';

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
  /** Issue 15 §1: the author's daily goal in words (absent: none) and the IANA zone their days are counted in. */
  daily_goal: z.number().int().positive().optional(),
  time_zone: z.string().optional(),
});
export type User = z.infer<typeof UserSchema>;
