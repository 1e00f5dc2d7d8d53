import { z } from 'zod';
import { KEY_ID_MAX_LENGTH } from '../validation';

/**
 * Ids of stories, series and chapters. The server makes UUIDs; the pattern also admits ids carried over from
 * the old product, and excludes '#', which separates the parts of table keys.
 */
export const IdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid id.');

/** A paragraph's key_id, made by the editor. */
export const KeyIdSchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9_-]{1,${KEY_ID_MAX_LENGTH}}$`), 'Invalid key_id.');

/**
 * A place as the clients send it: a number, or its digits as text (spec §3: a block's place is "sent as
 * text"; multipart fields are always text).
 */
export function placeSchema(minimum: 0 | 1) {
  const message = `A place must be a whole number of at least ${minimum}.`;
  return z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/, message)
        .transform(Number),
    ])
    .pipe(z.number().int(message).min(minimum, message).max(1_000_000_000, message));
}
