import * as z from 'zod';
import { DerivedFactSchema, FactSchema } from './facts';
import {
  ASSOCIATION_ALIASES_MAX_LENGTH,
  ASSOCIATION_ALIASES_TOO_LONG_MESSAGE,
  ASSOCIATION_BACKGROUND_MAX_LENGTH,
  ASSOCIATION_BACKGROUND_TOO_LONG_MESSAGE,
  ASSOCIATION_NAME_MAX_LENGTH,
  ASSOCIATION_NAME_REQUIRED_MESSAGE,
  ASSOCIATION_NAME_TOO_LONG_MESSAGE,
  ASSOCIATION_SUMMARY_MAX_BYTES,
  ASSOCIATION_SUMMARY_TOO_LONG_MESSAGE,
  MAX_ASSOCIATIONS_PER_REQUEST,
  TOO_MANY_ASSOCIATIONS_IN_REQUEST_MESSAGE,
  utf8ByteLength,
} from '../validation';
import { DEFAULT_PORTRAITS_PATH } from '../default-images';
import { IdSchema, multiLineText, singleLineText } from './common';

/** Spec §3: the four kinds of story element. */
export const ASSOCIATION_TYPES = ['character', 'event', 'place', 'item'] as const;
export const AssociationTypeSchema = z.enum(ASSOCIATION_TYPES);
export type AssociationType = z.infer<typeof AssociationTypeSchema>;

/** The portrait shown until one is uploaded: an SVG per type, served with the images (`shared/default-images.ts`). */
export function defaultPortraitUrl(type: AssociationType): string {
  return `${DEFAULT_PORTRAITS_PATH}/${type}.svg`;
}

const NameSchema = singleLineText()
  .trim()
  .max(ASSOCIATION_NAME_MAX_LENGTH, ASSOCIATION_NAME_TOO_LONG_MESSAGE);
const AliasesSchema = singleLineText().max(
  ASSOCIATION_ALIASES_MAX_LENGTH,
  ASSOCIATION_ALIASES_TOO_LONG_MESSAGE,
);
/** Spec §5: the summary is counted in UTF-8 bytes, not characters. */
const SummarySchema = multiLineText().refine(
  (summary) => utf8ByteLength(summary) <= ASSOCIATION_SUMMARY_MAX_BYTES,
  ASSOCIATION_SUMMARY_TOO_LONG_MESSAGE,
);
const BackgroundSchema = multiLineText().max(
  ASSOCIATION_BACKGROUND_MAX_LENGTH,
  ASSOCIATION_BACKGROUND_TOO_LONG_MESSAGE,
);

/**
 * Issue 13 §4: whether an association is the story's own or shared by its series with every volume. Every
 * association answer carries it; an answer without it (an older server) reads as the story's own.
 */
export const AssociationScopeSchema = z.enum(['story', 'series']).default('story');
export type AssociationScope = z.infer<typeof AssociationScopeSchema>;

/** Spec §3 Association as the thumbs list answers it: everything but the background. */
export const AssociationListItemSchema = z.object({
  association_id: z.string(),
  association_name: z.string(),
  association_type: AssociationTypeSchema,
  /** Comma-separated; `parseAliases` in `shared/association-matcher.ts` splits them. */
  aliases: z.string(),
  case_sensitive: z.boolean(),
  /** The summary shown in the mention tooltip; at most 200 UTF-8 bytes. */
  short_description: z.string(),
  /**
   * The portrait's URL: an uploaded image (`/images/...?date=<ms>`, the date defeating caches when it is
   * replaced) or the type's default (`defaultPortraitUrl`).
   */
  portrait: z.string(),
  /** A 128 px square crop of the portrait for avatars and tooltips; the default portrait when none. */
  thumbnail: z.string(),
  /** The story's own, or shared by its series with every volume (issue 13 §4). */
  scope: AssociationScopeSchema,
});
export type AssociationListItem = z.infer<typeof AssociationListItemSchema>;

/** GET /api/stories/{storyId}/associations/thumbs. */
export const AssociationListSchema = z.array(AssociationListItemSchema);

/** Spec §3 Association with its details, as the single read, create and update answer it. */
export const AssociationSchema = AssociationListItemSchema.extend({
  details: z.object({
    /** The background. */
    extended_description: z.string(),
  }),
  /** GET of one association only (issue 25 §2): all its facts in story order, or those standing `as_of`. */
  facts: z.array(FactSchema).optional(),
  /** With `as_of` a dated chapter: the facts worked out from the written ones there (an 'Age' from 'Born'). */
  derived_facts: z.array(DerivedFactSchema).optional(),
});
export type Association = z.infer<typeof AssociationSchema>;

/**
 * One association of a POST /api/stories/{storyId}/associations body. A blank name is allowed here and the
 * entry is dropped (spec §3); `case_sensitive` defaults to true (spec §9). Ids and portraits come from the
 * server, so any sent are ignored.
 */
export const NewAssociationSchema = z.object({
  association_name: NameSchema.default(''),
  association_type: AssociationTypeSchema,
  aliases: AliasesSchema.default(''),
  case_sensitive: z.boolean().default(true),
  short_description: SummarySchema.default(''),
  details: z
    .object({ extended_description: BackgroundSchema.default('') })
    .default({ extended_description: '' }),
});
export type NewAssociation = z.infer<typeof NewAssociationSchema>;

export const CreateAssociationsRequestSchema = z
  .array(NewAssociationSchema)
  .max(MAX_ASSOCIATIONS_PER_REQUEST, TOO_MANY_ASSOCIATIONS_IN_REQUEST_MESSAGE);
export type CreateAssociationsRequest = z.input<typeof CreateAssociationsRequestSchema>;

/**
 * The association of a PUT /api/stories/{storyId}/associations body. Fields left out keep their stored
 * value, so the panel may send its whole copy or only what changed; the portrait changes only by upload.
 */
export const AssociationChangesSchema = z.object({
  association_id: IdSchema,
  association_name: NameSchema.min(1, ASSOCIATION_NAME_REQUIRED_MESSAGE).optional(),
  association_type: AssociationTypeSchema.optional(),
  aliases: AliasesSchema.optional(),
  case_sensitive: z.boolean().optional(),
  short_description: SummarySchema.optional(),
  details: z.object({ extended_description: BackgroundSchema }).optional(),
});
export type AssociationChanges = z.infer<typeof AssociationChangesSchema>;

/** Spec §7: "JSON array with one association". The answer is the same: an array with the stored result. */
export const UpdateAssociationRequestSchema = z
  .array(AssociationChangesSchema)
  .length(1, 'Send exactly one association to update.');
export type UpdateAssociationRequest = z.input<typeof UpdateAssociationRequestSchema>;

/** DELETE /api/stories/{storyId}/associations: the associations to delete; only their ids are read. */
export const DeleteAssociationsRequestSchema = z
  .array(z.object({ association_id: IdSchema }))
  .max(MAX_ASSOCIATIONS_PER_REQUEST, TOO_MANY_ASSOCIATIONS_IN_REQUEST_MESSAGE);
export type DeleteAssociationsRequest = z.input<typeof DeleteAssociationsRequestSchema>;

/**
 * The query of PUT .../associations/{associationId}/upload. The server knows the association's type; the
 * parameter is accepted, and checked, because the spec's client sends it.
 */
export const PortraitUploadQuerySchema = z.object({ type: AssociationTypeSchema.optional() });

/** The portrait upload's answer: the new portrait URL, with its cache-defeating date parameter. */
export const PortraitUploadResponseSchema = z.object({ url: z.string() });
export type PortraitUploadResponse = z.infer<typeof PortraitUploadResponseSchema>;

/**
 * Spec §3 Inline association node: what an editor mention carries besides its Lexical text-node fields.
 * `format` is Lexical's text-format bit set.
 */
export const AssociationNodeFieldsSchema = z.object({
  associationId: z.string(),
  shortDescription: z.string(),
  associationType: AssociationTypeSchema,
  portrait: z.string(),
  text: z.string(),
  format: z.number().int().min(0),
});
export type AssociationNodeFields = z.infer<typeof AssociationNodeFieldsSchema>;
