import * as z from 'zod';
import { OUTLINE_TEMPLATE_TYPES } from '../outline-templates';
import {
  MAX_CHAPTERS_PER_STORY,
  OUTLINE_HEADER_MAX_LENGTH,
  OUTLINE_SECTION_TOO_LONG_MESSAGE,
  OUTLINE_TEXT_MAX_LENGTH,
  MAX_OUTLINE_SECTIONS,
} from '../validation';
import { IdSchema, placeSchema } from './common';

export const OutlineTemplateTypeSchema = z.enum(OUTLINE_TEMPLATE_TYPES);

/** Spec §3 Outline section, as stored and answered. */
export const OutlineSectionSchema = z.object({
  place: z.number().int().min(1),
  header: z.string(),
  description: z.string(),
  text: z.string(),
  chapters: z.array(z.string()),
});
export type OutlineSection = z.infer<typeof OutlineSectionSchema>;

export const OutlineSchema = z.array(OutlineSectionSchema);

/** A section as a client sends it back: the fields it may change, bounded; full section objects pass. */
export const OutlineSectionInputSchema = z.looseObject({
  place: placeSchema(1),
  header: z.string().trim().max(OUTLINE_HEADER_MAX_LENGTH, OUTLINE_SECTION_TOO_LONG_MESSAGE).optional(),
  description: z.string().max(OUTLINE_TEXT_MAX_LENGTH, OUTLINE_SECTION_TOO_LONG_MESSAGE).optional(),
  text: z.string().max(OUTLINE_TEXT_MAX_LENGTH, OUTLINE_SECTION_TOO_LONG_MESSAGE).optional(),
  chapters: z.array(IdSchema).max(MAX_CHAPTERS_PER_STORY).optional(),
});
export type OutlineSectionInput = z.output<typeof OutlineSectionInputSchema>;

/** POST /api/outline (spec §7): create from a template, replacing any outline the story has. */
export const CreateOutlineRequestSchema = z.object({
  storyID: IdSchema,
  type: OutlineTemplateTypeSchema,
});
export type CreateOutlineRequest = z.input<typeof CreateOutlineRequestSchema>;

/**
 * PUT /api/outline (spec §7): the full list of sections, or one section identified by its `place`. Either way
 * the server keeps a chapter in at most one section.
 */
export const UpdateOutlineRequestSchema = z.union([
  z.object({
    storyID: IdSchema,
    sections: z.array(OutlineSectionInputSchema).min(1).max(MAX_OUTLINE_SECTIONS),
  }),
  z.object({ storyID: IdSchema, section: OutlineSectionInputSchema }),
]);
export type UpdateOutlineRequest = z.input<typeof UpdateOutlineRequestSchema>;

/** Both outline calls answer the story's whole outline. */
export const OutlineResponseSchema = z.object({ sections: OutlineSchema });
export type OutlineResponse = z.infer<typeof OutlineResponseSchema>;
