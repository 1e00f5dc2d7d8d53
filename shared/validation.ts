/**
 * Named limits and user-facing validation messages, used by the web forms and the Lambdas alike so a rule
 * cannot say one thing in the browser and another on the server. Spec texts are quoted exactly (§5).
 */

import { foldCase, parseAliases } from './association-matcher';

/**
 * Story and series titles follow one rule (shared/schemas/title.ts): any printable text, trimmed, at most 256
 * characters (spec §5/§9), not starting with 'aws:'. The spec's narrower character list is not kept (see
 * docs/decisions.md, "Titles").
 */
export const TITLE_MAX_LENGTH = 256;
export const STORY_TITLE_REQUIRED_MESSAGE = 'Story title is required';
/** The toast title for every title rule but a missing title (spec §5). */
export const INVALID_TITLE_ALERT_TITLE = 'Invalid Title';
export const INVALID_TITLE_MESSAGE = "A title may be at most 256 characters and may not start with 'aws:'.";
/** Reserved by AWS for its own tags; spec §5 forbids it at the start of a title, in any letter case. */
export const RESERVED_TITLE_PREFIX = 'aws:';

export const STORY_DESCRIPTION_REQUIRED_MESSAGE = 'A brief description is required';
/** Not in the spec: a bound so one story item stays small. */
export const STORY_DESCRIPTION_MAX_LENGTH = 4000;
export const STORY_DESCRIPTION_TOO_LONG_MESSAGE = 'A description may be at most 4000 characters.';

export const SERIES_TITLE_BLANK_MESSAGE = 'Title cannot be blank';
export const SERIES_DESCRIPTION_BLANK_MESSAGE = 'Description cannot be blank';
export const SERIES_DESCRIPTION_MAX_LENGTH = 4000;
export const SERIES_DESCRIPTION_TOO_LONG_MESSAGE = 'A series description may be at most 4000 characters.';
/** Every volume change is one DynamoDB transaction (at most 100 items), which this bound keeps well inside. */
export const MAX_STORIES_PER_SERIES = 50;
export const TOO_MANY_STORIES_IN_SERIES_MESSAGE = 'A series can hold at most 50 stories.';

export const CHAPTER_TITLE_MAX_LENGTH = 256;
export const CHAPTER_TITLE_BLANK_MESSAGE = 'Title cannot be blank';
export const CHAPTER_TITLE_TOO_LONG_MESSAGE = 'A chapter title may be at most 256 characters.';
/** The chapter order of a story is one item; this keeps it far below DynamoDB's 400 KB item limit. */
export const CHAPTER_SYNOPSIS_MAX_LENGTH = 1000;
export const CHAPTER_SYNOPSIS_TOO_LONG_MESSAGE = 'A synopsis may be at most 1000 characters.';
export const CHAPTER_STAGE_INVALID_MESSAGE = "A chapter's stage is 'draft', 'revised', 'final' or null.";

export const MAX_CHAPTERS_PER_STORY = 1000;
export const TOO_MANY_CHAPTERS_MESSAGE = 'A story can hold at most 1000 chapters.';
export const ONLY_CHAPTER_MESSAGE = "You cannot delete a story's only chapter.";

/** Spec §5: the default title of a new chapter is 'Chapter N', N being the chapter count plus one. */
export function defaultChapterTitle(chapterCount: number): string {
  return `Chapter ${chapterCount + 1}`;
}

/**
 * A paragraph's saved JSON is at most 64 KB (UTF-8). Roughly ten thousand words: no real paragraph comes
 * close, and it keeps a block item far below DynamoDB's 400 KB limit.
 */
export const PARAGRAPH_MAX_BYTES = 64 * 1024;
export const PARAGRAPH_TOO_LARGE_MESSAGE = 'A paragraph may be at most 64 KB.';
export const PARAGRAPH_INVALID_MESSAGE = 'A paragraph must be a custom-paragraph JSON object.';
/** Blocks accepted in one save, delete or order request; a client flushing more sends several requests. */
export const MAX_BLOCKS_PER_REQUEST = 500;
/**
 * A chapter's paragraph order is one item holding every key_id: 5000 ids of at most 64 characters stay
 * below DynamoDB's 400 KB item limit. 5000 paragraphs is well over a hundred thousand words.
 */
export const MAX_BLOCKS_PER_CHAPTER = 5000;
export const TOO_MANY_BLOCKS_MESSAGE = 'A chapter can hold at most 5000 paragraphs.';
export const KEY_ID_MAX_LENGTH = 64;

/** Spec §5/§9: allowed image types, by extension, and the spec's warning texts. */
export const ALLOWED_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;
export const ALLOWED_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export const IMAGE_REJECTED_ALERT_TITLE = 'Cannot upload file';
export const IMAGE_TYPE_REJECTED_MESSAGE = 'Only images of the following type are allowed: png,jpg,jpeg,gif';
/**
 * 4 MiB. Uploads reach Lambda through API Gateway base64-encoded, and a Lambda request is at most 6 MB, so
 * about 4.4 MB of file is the most that can arrive; a larger limit would be a promise AWS cannot keep.
 */
export const IMAGE_MAX_BYTES = 4 * 1024 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = `File is larger than ${IMAGE_MAX_BYTES} bytes`;

/** Spec §6/§9: a free account keeps at most 5 associations per story; the server answers 401 beyond. */
export const FREE_ASSOCIATION_LIMIT = 5;
export const FREE_ASSOCIATION_LIMIT_MESSAGE = 'Free accounts are limited to 5 associations per story.';

/**
 * A series shares at most this many associations: a volume leaving the series takes a copy of each in the same
 * transaction as its move (with the series and story items, within DynamoDB's 100 writes).
 */
export const MAX_SHARED_ASSOCIATIONS_PER_SERIES = 90;
export const TOO_MANY_SHARED_ASSOCIATIONS_MESSAGE = 'A series can share at most 90 associations.';
export const NOT_IN_SERIES_MESSAGE = 'Only a story in a series can share its associations.';
export const ALIASES_RULE_MESSAGE = 'Aliases cannot contain the original name or any duplicates.';
/** Spec §5/§9: the summary (short_description) is at most 200 bytes of UTF-8. */
export const ASSOCIATION_SUMMARY_MAX_BYTES = 200;
export const ASSOCIATION_SUMMARY_TOO_LONG_MESSAGE = 'A summary may be at most 200 bytes (UTF-8).';
export const ASSOCIATION_NAME_REQUIRED_MESSAGE = 'An association needs a name.';
/** Not in the spec (§9 "not shown"): bounds that keep an association item far below 400 KB. */
export const ASSOCIATION_NAME_MAX_LENGTH = 200;
export const ASSOCIATION_NAME_TOO_LONG_MESSAGE = 'An association name may be at most 200 characters.';
export const ASSOCIATION_ALIASES_MAX_LENGTH = 2000;
export const ASSOCIATION_ALIASES_TOO_LONG_MESSAGE = 'Aliases may be at most 2000 characters in all.';
export const ASSOCIATION_BACKGROUND_MAX_LENGTH = 30_000;
export const ASSOCIATION_BACKGROUND_TOO_LONG_MESSAGE = 'A background may be at most 30000 characters.';
/** One create is one DynamoDB transaction (at most 100 items, 4 MB), which this bound keeps well inside. */
export const MAX_ASSOCIATIONS_PER_REQUEST = 25;
export const TOO_MANY_ASSOCIATIONS_IN_REQUEST_MESSAGE = 'At most 25 associations can be sent at once.';

/** Bytes of `text` in UTF-8 (a lone surrogate counts as the 3 bytes of the U+FFFD it is encoded as). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    bytes += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The longest prefix of `text` within `maxBytes` of UTF-8, never splitting a character. */
export function truncateToUtf8Bytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const character of text) {
    bytes += utf8ByteLength(character);
    if (bytes > maxBytes) break;
    end += character.length;
  }
  return text.slice(0, end);
}

/** Spec §2 'Remaining characters: N', counted in UTF-8 bytes; negative once the summary is too long. */
export function remainingSummaryBytes(summary: string): number {
  return ASSOCIATION_SUMMARY_MAX_BYTES - utf8ByteLength(summary);
}

/**
 * Spec §5: aliases may not repeat the association's name or each other. Compared the way the matcher
 * compares (`shared/association-matcher.ts`): exactly when the association is case-sensitive, ignoring
 * case otherwise — so 'FRODO' is a distinct alias of a case-sensitive 'Frodo' but a duplicate of a
 * case-insensitive one. Returns the spec's message, or undefined when the aliases are fine.
 */
export function aliasesProblem(association: {
  association_name: string;
  aliases: string;
  case_sensitive: boolean;
}): string | undefined {
  const comparable = (value: string) => {
    const composed = value.trim().normalize('NFC');
    return association.case_sensitive ? composed : foldCase(composed);
  };
  const seen = new Set([comparable(association.association_name)]);
  for (const alias of parseAliases(association.aliases)) {
    const key = comparable(alias);
    if (seen.has(key)) return ALIASES_RULE_MESSAGE;
    seen.add(key);
  }
  return undefined;
}

/** Outlines (spec §3): the template decides the sections; these bound what a client may write into them. */
export const MAX_OUTLINE_SECTIONS = 50;
export const OUTLINE_HEADER_MAX_LENGTH = 256;
export const OUTLINE_TEXT_MAX_LENGTH = 20_000;
export const OUTLINE_SECTION_TOO_LONG_MESSAGE = 'An outline section is too long.';

/** A named version of a chapter (issue 14 §2): a label an author picks, shown in the Versions panel. */
export const VERSION_NAME_MAX_LENGTH = 120;
export const VERSION_NAME_BLANK_MESSAGE = 'A version needs a name.';
export const VERSION_NAME_TOO_LONG_MESSAGE = 'A version name may be at most 120 characters.';

/** Issue 24: comments, replies and suggestions. A body or a replacement stays far below an item's 400 KB. */
export const COMMENT_BODY_MAX_LENGTH = 10_000;
export const COMMENT_BODY_REQUIRED_MESSAGE = 'Write something first.';
export const COMMENT_BODY_TOO_LONG_MESSAGE = 'A comment may be at most 10000 characters.';
export const SUGGESTION_TOO_LONG_MESSAGE = 'A suggestion may be at most 10000 characters.';
/** Threads, replies and suggestions of one chapter together: a bound on what one comments read returns. */
export const MAX_COMMENTS_PER_CHAPTER = 2000;
export const TOO_MANY_COMMENTS_MESSAGE = 'This chapter already holds 2000 comments and suggestions.';
/** Comments, replies and suggestions one person may write per minute. */
export const COMMENT_WRITES_PER_MINUTE = 30;
export const COMMENT_RATE_LIMIT_MESSAGE = 'You are commenting very fast. Wait a minute, then try again.';

/** A chapter named by a fact or a relationship (issue 25), or asked `as_of`, that the story does not hold. */
export const CHAPTER_NOT_IN_STORY_MESSAGE = 'That chapter is not in this story.';

/** Issue 25 §2: facts that change as the story goes ('Age' '17' from chapter 9). */
export const FACT_LABEL_MAX_LENGTH = 60;
export const FACT_VALUE_MAX_LENGTH = 1000;
export const FACT_LABEL_REQUIRED_MESSAGE = 'A fact needs a label.';
export const FACT_LABEL_TOO_LONG_MESSAGE = 'A fact label may be at most 60 characters.';
export const FACT_VALUE_TOO_LONG_MESSAGE = 'A fact may be at most 1000 characters.';
/** Facts one story keeps of one association: a bound on what one association read returns. */
export const MAX_FACTS_PER_ASSOCIATION = 200;
export const TOO_MANY_FACTS_MESSAGE = 'This element already holds 200 facts in this story.';

/**
 * Issue 25 §1: story time. A custom calendar's bounds keep every date's minute count an exact JavaScript number
 * (at most 100 months of 1000 days, 100 hours a day and ten million years either side of year zero).
 */
export const MAX_CALENDAR_MONTHS = 100;
export const MAX_DAYS_PER_MONTH = 1000;
export const MAX_WEEK_DAYS = 50;
export const MAX_HOURS_PER_DAY = 100;
export const MAX_STORY_YEAR = 10_000_000;
export const CALENDAR_NAME_MAX_LENGTH = 40;
export const CALENDAR_NAME_REQUIRED_MESSAGE = 'Give each month and week day a name.';
export const CALENDAR_NAME_TOO_LONG_MESSAGE = 'A calendar name may be at most 40 characters.';
export const CALENDAR_MONTH_NAMES_REPEATED_MESSAGE = 'Two months have the same name.';
export const STORY_TIME_END_BEFORE_START_MESSAGE = 'A chapter cannot end before it starts.';
export const CALENDAR_IN_USE_MESSAGE =
  'Some chapters are dated on days this calendar does not have. Change their dates first.';
