/** Story-wide find and replace (issue 14 §3): the search query, the replace request and their answers. */
import * as z from 'zod';

/** The longest text searched for or put in its place: a phrase, not a passage. */
export const MAX_FIND_LENGTH = 200;

export const FIND_REQUIRED_MESSAGE = 'Enter the text to find.';
export const FIND_TOO_LONG_MESSAGE = `Search for at most ${MAX_FIND_LENGTH} characters.`;
export const REPLACEMENT_TOO_LONG_MESSAGE = `Replace with at most ${MAX_FIND_LENGTH} characters.`;

/** Searched as typed (a leading or trailing space is part of it), but never only spaces. */
const FindTextSchema = z
  .string()
  .max(MAX_FIND_LENGTH, FIND_TOO_LONG_MESSAGE)
  .refine((text) => text.trim() !== '', FIND_REQUIRED_MESSAGE);

/** A query-string flag: 'true' or 'false', absent meaning false. */
const QueryFlagSchema = z
  .enum(['true', 'false'])
  .default('false')
  .transform((flag) => flag === 'true');

/** GET /api/stories/{storyId}/search?q=&case_sensitive=&whole_word= */
export const StorySearchQuerySchema = z.object({
  q: FindTextSchema,
  case_sensitive: QueryFlagSchema,
  whole_word: QueryFlagSchema,
});
export type StorySearchQuery = z.infer<typeof StorySearchQuerySchema>;

export const StorySearchResultSchema = z.object({
  /** Every match in the story, including those past a chapter's first 50. */
  total: z.number().int(),
  /** The chapters with a match, in `place` order. */
  chapters: z.array(
    z.object({
      chapter_id: z.string(),
      title: z.string(),
      /** 1-based, as the chapter list shows it. */
      place: z.number().int(),
      /** At most 50: the paragraph of each match and about 120 characters around it. */
      matches: z.array(z.object({ key_id: z.string(), text: z.string() })),
    }),
  ),
});
export type StorySearchResult = z.infer<typeof StorySearchResultSchema>;

/** POST /api/stories/{storyId}/replace */
export const StoryReplaceRequestSchema = z.object({
  find: FindTextSchema,
  /** May be empty: the matches are then removed. */
  replace: z.string().max(MAX_FIND_LENGTH, REPLACEMENT_TOO_LONG_MESSAGE),
  case_sensitive: z.boolean(),
  whole_word: z.boolean(),
});
export type StoryReplaceRequest = z.infer<typeof StoryReplaceRequestSchema>;

export const StoryReplaceResponseSchema = z.object({
  /** Matches replaced. */
  replaced: z.number().int(),
  /** Chapters whose text changed. */
  chapters: z.number().int(),
});
export type StoryReplaceResponse = z.infer<typeof StoryReplaceResponseSchema>;
