/** The story bible's answers (issue 13): where associations appear, and renaming one through the story. */
import * as z from 'zod';
import { AssociationChangesSchema, AssociationSchema } from './associations';

export const AppearanceSnippetSchema = z.object({
  /** The paragraph the mention is in, so the editor can scroll to it. */
  key_id: z.string(),
  /** About 120 characters around the mention, '…' where text was left out. */
  text: z.string(),
});

export const ChapterAppearancesSchema = z.object({
  chapter_id: z.string(),
  title: z.string(),
  /** 1-based, as the chapter list shows it. */
  place: z.number().int(),
  count: z.number().int(),
  /** At most 5, at most one per paragraph. */
  snippets: z.array(AppearanceSnippetSchema),
});

/** GET /api/stories/{storyId}/associations/{associationId}/appearances. */
export const AssociationAppearancesSchema = z.object({
  association_id: z.string(),
  total: z.number().int(),
  /** The chapters that mention it, in `place` order. */
  chapters: z.array(ChapterAppearancesSchema),
});
export type AssociationAppearances = z.infer<typeof AssociationAppearancesSchema>;

/** POST /api/stories/{storyId}/associations/{associationId}/rename: the name is checked as by an update. */
export const RenameAssociationRequestSchema = z.object({
  association_name: AssociationChangesSchema.shape.association_name.unwrap(),
  /** Also replace every whole-word mention of the old name (not the aliases) in the story's text. */
  replace_in_text: z.boolean(),
});
export type RenameAssociationRequest = z.infer<typeof RenameAssociationRequestSchema>;

export const RenameAssociationResponseSchema = z.object({
  association: AssociationSchema,
  /** Mentions replaced in the text; 0 without `replace_in_text`. */
  replaced: z.number().int(),
  /** Chapters whose text changed. */
  chapters: z.number().int(),
});
export type RenameAssociationResponse = z.infer<typeof RenameAssociationResponseSchema>;

/**
 * GET /api/stories/{storyId}/associations/suggestions: at most 20, most frequent first; when there are none,
 * `none_because` says which rule left the story's names out (`shared/element-suggestions.ts`), with a few of
 * those names as examples.
 */
export const ElementSuggestionsSchema = z.object({
  suggestions: z.array(
    z.object({
      name: z.string(),
      /** Times it is written across the story. */
      count: z.number().int(),
      /** How many chapters it is written in. */
      chapters: z.number().int(),
    }),
  ),
  none_because: z
    .discriminatedUnion('reason', [
      z.object({ reason: z.literal('only_at_sentence_starts'), names: z.array(z.string()) }),
      z.object({ reason: z.literal('too_few_repeats'), names: z.array(z.string()) }),
      z.object({ reason: z.literal('all_associations') }),
      z.object({ reason: z.literal('no_names') }),
    ])
    .optional(),
});
export type ElementSuggestions = z.infer<typeof ElementSuggestionsSchema>;

/**
 * GET /api/stories/{storyId}/associations/mentions: the Story Bible's grid, every association's mentions per
 * chapter, counted as `appearances` counts them.
 */
export const MentionGridSchema = z.object({
  /** Every chapter of the story, in `place` order. */
  chapters: z.array(z.object({ chapter_id: z.string(), title: z.string(), place: z.number().int() })),
  /** One per association, in the story's association order. */
  tallies: z.array(
    z.object({
      association_id: z.string(),
      total: z.number().int(),
      /** The chapter of the first mention, or null when it is never mentioned. */
      first_chapter_id: z.string().nullable(),
      /** Mentions per chapter id; chapters without a mention are left out. */
      by_chapter: z.record(z.string(), z.number().int()),
    }),
  ),
});
export type MentionGrid = z.infer<typeof MentionGridSchema>;
