import * as z from 'zod';
import {
  FACT_LABEL_MAX_LENGTH,
  FACT_LABEL_REQUIRED_MESSAGE,
  FACT_LABEL_TOO_LONG_MESSAGE,
  FACT_VALUE_MAX_LENGTH,
  FACT_VALUE_TOO_LONG_MESSAGE,
} from '../validation';
import { IdSchema } from './common';

/**
 * Issue 25 §2: a fact about an association that becomes true in a chapter and stands until a later fact of the
 * same label replaces it ('Status' 'alive' from chapter 1, 'dead' from chapter 30).
 */
export const FactSchema = z.object({
  fact_id: IdSchema,
  association_id: IdSchema,
  label: z.string(),
  value: z.string(),
  from_chapter_id: IdSchema,
  /** The story of `from_chapter_id`: a series' shared association gathers facts from every volume. */
  from_story_id: IdSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Fact = z.infer<typeof FactSchema>;

const FactLabelSchema = z
  .string()
  .trim()
  .min(1, FACT_LABEL_REQUIRED_MESSAGE)
  .max(FACT_LABEL_MAX_LENGTH, FACT_LABEL_TOO_LONG_MESSAGE);
const FactValueSchema = z.string().trim().max(FACT_VALUE_MAX_LENGTH, FACT_VALUE_TOO_LONG_MESSAGE);

/** POST /api/stories/{storyId}/associations/{associationId}/facts. */
export const NewFactSchema = z.object({
  label: FactLabelSchema,
  value: FactValueSchema,
  from_chapter_id: IdSchema,
});
export type NewFact = z.infer<typeof NewFactSchema>;

/** PATCH …/facts/{factId}: what is sent changes, the rest stays. */
export const FactChangesSchema = NewFactSchema.partial().refine(
  (changes) => Object.values(changes).some((value) => value !== undefined),
  'Send the label, the value or the chapter to change.',
);
export type FactChanges = z.infer<typeof FactChangesSchema>;

/**
 * A fact worked out rather than written (issue 25 §2): an 'Age' from the 'Born' fact standing at a chapter and the
 * chapter's story time. Answered beside the written facts `as_of` a chapter with a time; a written 'Age' stays.
 */
export const DerivedFactSchema = z.object({
  association_id: IdSchema,
  label: z.string(),
  value: z.string(),
  /** The written fact it comes from. */
  from_fact_id: IdSchema,
});
export type DerivedFact = z.infer<typeof DerivedFactSchema>;

/** GET /api/stories/{storyId}/facts[?as_of={chapterId}]: every association's facts, for the Story Bible. */
export const StoryFactsSchema = z.object({
  as_of: IdSchema.nullable(),
  facts: z.array(FactSchema),
  derived: z.array(DerivedFactSchema),
});
export type StoryFacts = z.infer<typeof StoryFactsSchema>;

/** GET /api/stories/{storyId}/associations/{associationId}?as_of={chapterId}, and the story's facts. */
export const AssociationQuerySchema = z.object({ as_of: IdSchema.optional() });

/** The same label written differently ('age', 'Age ') is one label. */
export const factLabelKey = (label: string) => label.trim().toLocaleLowerCase();
