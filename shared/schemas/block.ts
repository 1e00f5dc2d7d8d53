import * as z from 'zod';
import { MAX_BLOCKS_PER_CHAPTER, MAX_BLOCKS_PER_REQUEST, TOO_MANY_BLOCKS_MESSAGE } from '../validation';
import { ChapterSchema } from './chapter';
import { IdSchema, KeyIdSchema, placeSchema } from './common';
import { ParagraphChunkSchema } from './paragraph';

const tooManyBlocksInRequest = `At most ${MAX_BLOCKS_PER_REQUEST} blocks can be sent in one request.`;

/**
 * A block's `chunk` as either client sends it: the paragraph's JSON string (spec §3), stored as sent, or the
 * paragraph object itself (the old product's client), stored as its JSON string. Both meet the same checks.
 */
export const BlockChunkSchema = z
  .union([z.string(), z.looseObject({})])
  .transform((chunk) => (typeof chunk === 'string' ? chunk : JSON.stringify(chunk)))
  .pipe(ParagraphChunkSchema);

/**
 * The revision of a paragraph as the page loaded it (the content answer's `revision`; 0 for a paragraph new to
 * the page). Sent with a write, the write is refused with 409 `chapter_changed` when another window has since
 * changed the paragraph. Optional: a write without it is unconditional, as before revisions existed.
 */
export const BaseRevisionSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** One changed paragraph of a block sync. `place` is its 0-based index in the chapter, sent as text. */
export const BlockSchema = z.object({
  key_id: KeyIdSchema,
  chunk: BlockChunkSchema,
  place: placeSchema(0).optional(),
  base_revision: BaseRevisionSchema.optional(),
});
export type Block = z.input<typeof BlockSchema>;

/**
 * PUT /api/stories/{id}: saves changed blocks. `story_id`, when sent, must name the story in the path. A block
 * not yet in the chapter is placed at its `place` (or at the end).
 */
export const SaveBlocksRequestSchema = z.object({
  story_id: IdSchema.optional(),
  chapter_id: IdSchema,
  blocks: z.array(BlockSchema).max(MAX_BLOCKS_PER_REQUEST, tooManyBlocksInRequest),
});
export type SaveBlocksRequest = z.input<typeof SaveBlocksRequestSchema>;

/** DELETE /api/stories/{id}/block. Whole blocks are accepted; only their key_id is used. */
export const DeleteBlocksRequestSchema = z.object({
  story_id: IdSchema.optional(),
  chapter_id: IdSchema,
  blocks: z
    .array(z.looseObject({ key_id: KeyIdSchema, base_revision: BaseRevisionSchema.optional() }))
    .max(MAX_BLOCKS_PER_REQUEST, tooManyBlocksInRequest),
});
export type DeleteBlocksRequest = z.input<typeof DeleteBlocksRequestSchema>;

/**
 * PUT /api/stories/{id}/orderMap (spec §3 Order list): blocks whose place changed, each with its new 0-based
 * index. Blocks left out keep their order relative to each other, so moving one paragraph needs one entry;
 * the full list works too.
 */
export const BlockOrderRequestSchema = z.object({
  story_id: IdSchema.optional(),
  chapter_id: IdSchema,
  blocks: z
    .array(z.looseObject({ key_id: KeyIdSchema, place: placeSchema(0) }))
    .max(MAX_BLOCKS_PER_CHAPTER, TOO_MANY_BLOCKS_MESSAGE),
});
export type BlockOrderRequest = z.input<typeof BlockOrderRequestSchema>;

/**
 * One stored paragraph as the content calls answer it (spec §7: `key_id.Value`, `chunk.Value`): the
 * attribute-value wrapping of the old product's API is kept so existing readers work unchanged.
 */
export const BlockItemSchema = z.object({
  key_id: z.object({ Value: z.string() }),
  /** The paragraph's JSON, as saved. */
  chunk: z.object({ Value: z.string() }),
  /** The 0-based index in the chapter, as text. */
  place: z.object({ Value: z.string() }),
  /**
   * Bumped by every save of the paragraph; a page sends it back as `base_revision` with its writes. Optional
   * for readers: a page given none writes unconditionally.
   */
  revision: z.number().int().min(0).optional(),
});
export type BlockItem = z.infer<typeof BlockItemSchema>;

/**
 * GET /api/stories/{id}/content?chapter=: the chapter's paragraphs in order, a page at a time so an answer stays
 * under Lambda's 6 MB response limit. `next`, present when more follow, is the `cursor` of the next page.
 */
export const ChapterContentSchema = z.object({
  items: z.array(BlockItemSchema),
  next: z.string().optional(),
  /**
   * The chapter's content stamp as the first page was read (an extra field beside the spec's): a later read
   * that sends it as `stamp` answers 204 while nothing of the chapter's content has changed.
   */
  stamp: z.string().optional(),
});
export type ChapterContent = z.infer<typeof ChapterContentSchema>;

const invalidCursorMessage = 'Invalid cursor.';

/** A content page's cursor: the 0-based place of its first paragraph, as `next` gave it. */
export const ContentCursorSchema = z
  .string()
  .regex(/^\d{1,9}$/, invalidCursorMessage)
  .transform(Number);

/** A content page's paragraphs at most: a screenful or a few, never the whole chapter's 5,000. */
export const ContentLimitSchema = z
  .string()
  .regex(/^\d{1,3}$/, 'Invalid limit.')
  .transform(Number)
  .refine((limit) => limit > 0, 'Invalid limit.');

export const ChapterContentQuerySchema = z.object({
  chapter: IdSchema,
  cursor: ContentCursorSchema.optional(),
  limit: ContentLimitSchema.optional(),
  /** The `stamp` of an earlier read: 204 when the content is still what it was then. */
  stamp: z.string().min(1).max(100).optional(),
});

/** A full story page's cursor: `<chapter index>:<paragraph place>` where the page starts, as `next` gave it. */
export const FullStoryCursorSchema = z
  .string()
  .regex(/^\d{1,4}:\d{1,9}$/, invalidCursorMessage)
  .transform((cursor) => {
    const [chapterIndex, place] = cursor.split(':').map(Number);
    return { chapterIndex: chapterIndex!, place: place! };
  });
export type FullStoryCursor = z.output<typeof FullStoryCursorSchema>;

export const FullStoryQuerySchema = z.object({ cursor: FullStoryCursorSchema.optional() });

/** One entry of a full story's `chapters_with_contents`; a chapter still being created has no items yet. */
export const ChapterWithContentSchema = z.object({
  chapter: ChapterSchema,
  blocks: z.object({ items: z.array(BlockItemSchema) }),
});
export type ChapterWithContent = z.infer<typeof ChapterWithContentSchema>;
