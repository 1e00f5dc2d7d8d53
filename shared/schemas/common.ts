import * as z from 'zod';
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

/** Control characters (C0, DEL, C1) other than tab, line feed and carriage return. */
const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/gu;
/**
 * Bidi embeddings, overrides and isolates (LRE … RLO, LRI … PDI): invisible, they reorder how the text
 * around them is shown ("Trojan Source"). The marks (LRM, RLM) stay: right-to-left writing needs them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** Half of a UTF-16 pair without its other half: no character at all, and not encodable as UTF-8. */
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const LINE_BREAKS_AND_TABS = /[\t\n\r]+/g;

/**
 * Text as an author means it: lone surrogates, control characters and bidi controls are removed rather than
 * refused, since they arrive unseen (pasted from a PDF or a word processor) and the author could not find
 * them to take them out. Multi-line text keeps its tabs and line breaks; single-line text gets a space.
 */
export function cleanText(text: string, layout: 'single-line' | 'multi-line'): string {
  const cleaned = text
    .replace(LONE_SURROGATES, '')
    .replace(CONTROL_CHARACTERS, '')
    .replace(BIDI_CONTROLS, '');
  return layout === 'single-line' ? cleaned.replace(LINE_BREAKS_AND_TABS, ' ') : cleaned;
}

/** A text field of one line (a title, a name); every text field of a request starts from this or the next. */
export const singleLineText = () => z.string().overwrite((text) => cleanText(text, 'single-line'));

/** A text field of several lines (a description, a background). */
export const multiLineText = () => z.string().overwrite((text) => cleanText(text, 'multi-line'));
