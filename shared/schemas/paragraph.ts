import * as z from 'zod';
import { PARAGRAPH_INVALID_MESSAGE, PARAGRAPH_MAX_BYTES, PARAGRAPH_TOO_LARGE_MESSAGE } from '../validation';

/**
 * A paragraph block's content as the editor serialises it (spec §3 Block): Lexical's JSON of the custom
 * paragraph node. Every object is loose, so fields the editor adds later (and formatting this schema does not
 * name) are kept as they are rather than dropped on save.
 */

/**
 * The bits of a run's `format` that downloads and exports render, as Lexical writes them. They are stored data,
 * fixed by Lexical's serialisation, and spelled here because importing them from 'lexical' brings its whole
 * editor (≈ 420 KB) into the Lambdas that render paragraphs; a test checks they are still Lexical's.
 */
export const TEXT_FORMAT_BITS = { bold: 1, italic: 2, strikethrough: 4, underline: 8 } as const;

/** Lexical's text, tab and similar runs: the formatting lives in the `format` bit mask and `style`. */
export const TextRunSchema = z.looseObject({
  type: z.enum(['text', 'tab']),
  text: z.string(),
  format: z.number().int().min(0),
  style: z.string(),
  detail: z.number().int().min(0),
});
export type TextRun = z.infer<typeof TextRunSchema>;

export const LineBreakSchema = z.looseObject({ type: z.literal('linebreak') });

/** An inline association mention (spec §3 Inline association node). */
export const AssociationNodeSchema = z.looseObject({
  type: z.literal('association'),
  associationId: z.string().min(1),
  text: z.string(),
  format: z.number().int().min(0).optional(),
  shortDescription: z.string().optional(),
  associationType: z.string().optional(),
  portrait: z.string().optional(),
});
export type AssociationNode = z.infer<typeof AssociationNodeSchema>;

const knownInlineTypes: readonly string[] = ['text', 'tab', 'linebreak', 'association'];

/** An inline node of a type added after this schema; kept, so a newer editor never loses text to an older server. */
export const OtherInlineNodeSchema = z.looseObject({
  type: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/)
    .refine((type) => !knownInlineTypes.includes(type)),
});

export const InlineNodeSchema = z.union([
  TextRunSchema,
  LineBreakSchema,
  AssociationNodeSchema,
  OtherInlineNodeSchema,
]);
export type InlineNode = z.infer<typeof InlineNodeSchema>;

export const ParagraphSchema = z.looseObject({
  type: z.literal('custom-paragraph'),
  /** The key_id of the block, kept inside the paragraph so the editor restores it on load. */
  key_id: z.string().optional(),
  /** Alignment (spec §3: left, right, center, justify; Lexical also writes '', 'start' and 'end'). */
  format: z.enum(['', 'left', 'start', 'center', 'right', 'end', 'justify']),
  indent: z.number().int().min(0),
  direction: z.enum(['ltr', 'rtl']).nullable(),
  children: z.array(InlineNodeSchema),
});
export type Paragraph = z.infer<typeof ParagraphSchema>;

const utf8 = new TextEncoder();

/**
 * A block's `chunk`: the paragraph's JSON as a string, at most 64 KB, parsing to a well-formed paragraph.
 * The string itself is what is stored and returned, so nothing in it is reformatted or lost.
 */
export const ParagraphChunkSchema = z.string().superRefine((chunk, context) => {
  if (utf8.encode(chunk).length > PARAGRAPH_MAX_BYTES) {
    context.addIssue({ code: 'custom', message: PARAGRAPH_TOO_LARGE_MESSAGE });
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(chunk);
  } catch {
    context.addIssue({ code: 'custom', message: PARAGRAPH_INVALID_MESSAGE });
    return;
  }
  if (!ParagraphSchema.safeParse(parsed).success) {
    context.addIssue({ code: 'custom', message: PARAGRAPH_INVALID_MESSAGE });
  }
});

/** The empty paragraph a new chapter starts with, as Lexical would serialise it. */
export function emptyParagraph(keyId: string): Paragraph {
  return {
    type: 'custom-paragraph',
    version: 1,
    key_id: keyId,
    format: '',
    indent: 0,
    direction: null,
    textFormat: 0,
    textStyle: '',
    children: [],
  };
}
