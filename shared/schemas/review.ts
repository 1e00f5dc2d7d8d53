import * as z from 'zod';
import {
  COMMENT_BODY_MAX_LENGTH,
  COMMENT_BODY_REQUIRED_MESSAGE,
  COMMENT_BODY_TOO_LONG_MESSAGE,
  SUGGESTION_TOO_LONG_MESSAGE,
} from '../validation';
import { IdSchema, KeyIdSchema, multiLineText } from './common';

/**
 * Issue 24: a story shared with readers and editors, their comments anchored in the text, and editors'
 * suggestions. The paths and answers here are the contract that tests outside the repository call.
 */

export const SHARE_ROLES = ['reader', 'editor'] as const;
export const ShareRoleSchema = z.enum(SHARE_ROLES, { error: "A role is 'reader' or 'editor'." });
export type ShareRole = z.infer<typeof ShareRoleSchema>;

/** A share's id: 128 random bits and more, as 32 hex digits (`crypto.randomUUID` without its dashes). */
export const ShareIdSchema = z.string().regex(/^[a-f0-9]{32}$/, 'No such link.');

/** POST /api/stories/{storyId}/shares. No `chapters`: the whole story, chapters written later included. */
export const CreateShareRequestSchema = z.strictObject({
  role: ShareRoleSchema,
  chapters: z.array(IdSchema).min(1, 'Choose at least one chapter.').max(1000).optional(),
  expires_at: z.iso
    .datetime({ offset: true, error: 'expires_at must be a date and time (ISO 8601).' })
    .optional(),
});
export type CreateShareRequest = z.infer<typeof CreateShareRequestSchema>;

export const CollaboratorSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  role: ShareRoleSchema,
  joined_at: z.string(),
});
export type Collaborator = z.infer<typeof CollaboratorSchema>;

/** A share as its author sees it; `chapters` and `expires_at` are null for the whole story and no end. */
export const ShareSchema = z.object({
  share_id: z.string(),
  role: ShareRoleSchema,
  chapters: z.array(z.string()).nullable(),
  expires_at: z.string().nullable(),
  url: z.string(),
  created_at: z.string(),
  /** Who joined through this link (GET only; a new share has none). */
  collaborators: z.array(CollaboratorSchema).optional(),
});
export type Share = z.infer<typeof ShareSchema>;

/** POST /api/shares/{shareId}/join. */
export const JoinShareResponseSchema = z.object({ story_id: z.string(), role: ShareRoleSchema });
export type JoinShareResponse = z.infer<typeof JoinShareResponseSchema>;

/** One entry of GET /api/shared: a story shared with me. */
export const SharedStorySchema = z.object({
  story_id: z.string(),
  title: z.string(),
  image_url: z.string(),
  author: z.object({ name: z.string() }),
  role: ShareRoleSchema,
  chapters: z.array(z.object({ chapter_id: z.string(), title: z.string() })),
  /** Replies to my threads I have not yet seen. */
  unread_replies: z.number().int().min(0),
  joined_at: z.string(),
});
export type SharedStory = z.infer<typeof SharedStorySchema>;

/** PUT /api/stories/{storyId}/reading-position: the paragraph where I stopped in a chapter. */
export const ReadingPositionRequestSchema = z.strictObject({ chapter_id: IdSchema, key_id: KeyIdSchema });
export type ReadingPositionRequest = z.infer<typeof ReadingPositionRequestSchema>;

/** GET /api/stories/{storyId}/reading-positions: mine (a collaborator), or every reader's (the author). */
export const ReadingPositionSchema = z.object({
  reader: z.object({ user_id: z.string(), name: z.string() }),
  chapter_id: z.string(),
  key_id: z.string(),
  /** How far into the chapter: the paragraph's place over the chapter's paragraphs, 0 to 1. */
  progress: z.number().min(0).max(1),
  updated_at: z.string(),
});
export type ReadingPosition = z.infer<typeof ReadingPositionSchema>;

const ANCHOR_TEXT_MAX_LENGTH = 10_000;
const offsetSchema = z.number().int().min(0).max(1_000_000);

/**
 * Where a comment or suggestion sits (the W3C Web Annotation model, as Hypothesis anchors): the quoted text,
 * up to 32 characters either side, and its offsets in the paragraph's text as a hint. Longer context is cut to
 * the 32 characters nearest the quote rather than refused.
 */
export const TextAnchorSchema = z
  .strictObject({
    key_id: KeyIdSchema,
    exact: z.string().max(ANCHOR_TEXT_MAX_LENGTH),
    prefix: z
      .string()
      .max(ANCHOR_TEXT_MAX_LENGTH)
      .transform((prefix) => prefix.slice(-32)),
    suffix: z
      .string()
      .max(ANCHOR_TEXT_MAX_LENGTH)
      .transform((suffix) => suffix.slice(0, 32)),
    start: offsetSchema,
    end: offsetSchema,
  })
  .refine((anchor) => anchor.end - anchor.start === anchor.exact.length, {
    message: 'The anchor’s start and end must span its quoted text.',
  });

export const ANCHOR_STATES = ['anchored', 'moved', 'detached'] as const;
export const AnchorStateSchema = z.enum(ANCHOR_STATES);

export const CommentBodySchema = multiLineText()
  .pipe(z.string().trim().min(1, COMMENT_BODY_REQUIRED_MESSAGE))
  .pipe(z.string().max(COMMENT_BODY_MAX_LENGTH, COMMENT_BODY_TOO_LONG_MESSAGE));

export const ChapterQuerySchema = z.object({ chapter: IdSchema });

/** POST /api/stories/{storyId}/comments. */
export const CreateCommentRequestSchema = z.strictObject({
  chapter_id: IdSchema,
  anchor: TextAnchorSchema,
  body: CommentBodySchema,
});
export type CreateCommentRequest = z.output<typeof CreateCommentRequestSchema>;

/** POST …/comments/{commentId}/replies. */
export const CreateReplyRequestSchema = z.strictObject({ body: CommentBodySchema });

/** PATCH …/comments/{commentId}: resolve or reopen a thread, or edit one's own comment. */
export const UpdateCommentRequestSchema = z
  .strictObject({ resolved: z.boolean().optional(), body: CommentBodySchema.optional() })
  .refine((change) => change.resolved !== undefined || change.body !== undefined, {
    message: 'Send resolved or body.',
  });

const PersonSchema = z.object({ name: z.string() });

export const ReplySchema = z.object({
  reply_id: z.string(),
  author: PersonSchema,
  body: z.string(),
  created_at: z.string(),
  /** Written by the caller (they may edit or delete it). */
  mine: z.boolean(),
});
export type Reply = z.infer<typeof ReplySchema>;

/** A thread as GET …/comments?chapter= answers it, with its anchor as found in the current text. */
export const CommentThreadSchema = z.object({
  comment_id: z.string(),
  chapter_id: z.string(),
  author: PersonSchema,
  body: z.string(),
  replies: z.array(ReplySchema),
  resolved: z.boolean(),
  anchor: TextAnchorSchema,
  state: AnchorStateSchema,
  created_at: z.string(),
  updated_at: z.string(),
  mine: z.boolean(),
  /** A note the author wrote with no collaborator in it: nobody else sees it. */
  private: z.boolean(),
});
export type CommentThread = z.infer<typeof CommentThreadSchema>;

export const UnreadCommentsSchema = z.object({ unread: z.number().int().min(0) });

/** POST /api/stories/{storyId}/suggestions: an empty replacement deletes, an empty quote inserts. */
export const CreateSuggestionRequestSchema = z.strictObject({
  chapter_id: IdSchema,
  anchor: TextAnchorSchema,
  replacement: multiLineText().pipe(z.string().max(COMMENT_BODY_MAX_LENGTH, SUGGESTION_TOO_LONG_MESSAGE)),
});
export type CreateSuggestionRequest = z.output<typeof CreateSuggestionRequestSchema>;

export const SUGGESTION_STATUSES = ['open', 'accepted', 'rejected'] as const;

export const SuggestionSchema = z.object({
  suggestion_id: z.string(),
  chapter_id: z.string(),
  author: PersonSchema,
  anchor: TextAnchorSchema,
  replacement: z.string(),
  status: z.enum(SUGGESTION_STATUSES),
  state: AnchorStateSchema,
  /** The words it replaces changed since it was made: it cannot be accepted blind. */
  outdated: z.boolean(),
  created_at: z.string(),
  mine: z.boolean(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const SUGGESTION_DECISIONS = ['accept', 'reject'] as const;
export const SuggestionDecisionSchema = z.enum(SUGGESTION_DECISIONS, { error: 'No such decision.' });

export const SUGGESTION_OUTDATED_MESSAGE =
  'The text this suggestion changes was edited since. Read it again before accepting it.';
export const SHARE_EXPIRED_MESSAGE = 'This link has expired. Ask the author for a new one.';
export const SHARE_REVOKED_MESSAGE = 'The author has stopped sharing this link.';
export const SHARE_NOT_FOUND_MESSAGE = 'No such link. Check that you copied the whole address.';
export const FREE_SHARE_LIMIT_MESSAGE =
  'On the free plan a story has one active link. Subscribe to share it with more links.';
