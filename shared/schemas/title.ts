import { straightenQuotes } from '../text-normalisation';
import { INVALID_TITLE_MESSAGE, RESERVED_TITLE_PREFIX, TITLE_MAX_LENGTH } from '../validation';
import { singleLineText } from './common';

/**
 * The one rule for story and series titles, run by the forms, the header's inline edits, the import and the
 * server: any printable text ('Love & War', 'What Remains?', 'Café Noir — Part One'), trimmed, at most 256
 * characters, not starting with 'aws:'. Invisible characters (controls, bidi controls, lone surrogates) are
 * removed as in every single-line field, since an author could not find them to take them out; curly quotes
 * become straight ones as typed text does (spec §5). Only the blank title's message differs: the story form's
 * 'Story title is required', the series editor's 'Title cannot be blank'.
 */
export function titleSchema(blankMessage: string) {
  return (
    singleLineText()
      .overwrite(straightenQuotes)
      .trim()
      .min(1, blankMessage)
      // Characters as a person counts them (code points), not UTF-16 units.
      .refine((title) => [...title].length <= TITLE_MAX_LENGTH, INVALID_TITLE_MESSAGE)
      .refine((title) => !title.toLowerCase().startsWith(RESERVED_TITLE_PREFIX), INVALID_TITLE_MESSAGE)
  );
}
