import * as z from 'zod';
import { IdSchema, singleLineText } from './common';

/** Issue 25 §3: a label names one direction of a relationship ('mentor of'); short enough for an edge. */
export const RELATIONSHIP_LABEL_MAX_LENGTH = 60;

/** Issue 25 §3: the relationships a story keeps, every chapter's changes included. */
export const MAX_RELATIONSHIPS_PER_STORY = 300;

/** Issue 25 §3: pairs of characters named in at least this many paragraphs together are suggested. */
export const MIN_SHARED_PARAGRAPHS_FOR_SUGGESTION = 5;

export const SELF_RELATIONSHIP_MESSAGE = 'A relationship joins two different associations.';

const LabelSchema = singleLineText()
  .trim()
  .min(1, 'A relationship needs a label.')
  .max(RELATIONSHIP_LABEL_MAX_LENGTH, `A label may be at most ${RELATIONSHIP_LABEL_MAX_LENGTH} characters.`);

/** POST /api/stories/{storyId}/relationships. Without `from_chapter_id` it holds from the first chapter. */
export const CreateRelationshipRequestSchema = z
  .object({
    from: IdSchema,
    to: IdSchema,
    label: LabelSchema,
    reverse_label: LabelSchema.nullish(),
    from_chapter_id: IdSchema.nullish(),
    /** Marks the pair's relationship as over from `from_chapter_id` on. */
    ended: z.boolean().optional(),
  })
  .strict()
  .refine((request) => request.from !== request.to, { message: SELF_RELATIONSHIP_MESSAGE, path: ['to'] });
export type CreateRelationshipRequest = z.infer<typeof CreateRelationshipRequestSchema>;

/** PATCH /api/stories/{storyId}/relationships/{relationshipId}: any of these; null clears an optional one. */
export const UpdateRelationshipRequestSchema = z
  .object({
    label: LabelSchema.optional(),
    reverse_label: LabelSchema.nullable().optional(),
    from_chapter_id: IdSchema.nullable().optional(),
    ended: z.boolean().optional(),
  })
  .strict()
  .refine((request) => Object.keys(request).length > 0, { message: 'Nothing to change.' });
export type UpdateRelationshipRequest = z.infer<typeof UpdateRelationshipRequestSchema>;

export const RelationshipSchema = z.object({
  relationship_id: z.string(),
  from: z.string(),
  to: z.string(),
  label: z.string(),
  reverse_label: z.string().nullable(),
  /** The chapter it holds from; null from the first. */
  from_chapter_id: z.string().nullable(),
  /** True for an entry that ends the pair's relationship from its chapter on. */
  ended: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Relationship = z.infer<typeof RelationshipSchema>;

/** GET /api/stories/{storyId}/relationships: every entry, or with `as_of` those standing at that chapter. */
export const RelationshipListSchema = z.object({ relationships: z.array(RelationshipSchema) });
export type RelationshipList = z.infer<typeof RelationshipListSchema>;

export const RelationshipsQuerySchema = z.object({ as_of: IdSchema.optional() });

export const RelationshipSuggestionSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Paragraphs naming both. */
  count: z.number(),
  /** The first such paragraph, around the two names. */
  sample: z.object({ chapter_id: z.string(), key_id: z.string(), text: z.string() }),
});
export type RelationshipSuggestion = z.infer<typeof RelationshipSuggestionSchema>;

/** GET /api/stories/{storyId}/relationships/suggestions: most shared paragraphs first. */
export const RelationshipSuggestionListSchema = z.object({
  suggestions: z.array(RelationshipSuggestionSchema),
});
export type RelationshipSuggestionList = z.infer<typeof RelationshipSuggestionListSchema>;
