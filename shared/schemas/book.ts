import * as z from 'zod';
import { multiLineText, singleLineText } from './common';

/**
 * Issue 27 §1: how a story is made into a book. GET and PUT /api/stories/{storyId}/book. The book layout of
 * every export follows them (the PDF's trim, style and matter; the EPUB's matter and language); the manuscript
 * layout stays Standard Manuscript Format whatever they say.
 */

/** KDP's and IngramSpark's common fiction trims, in inches, and A5. */
export const BOOK_TRIMS = ['5x8', '5.25x8', '5.5x8.5', '6x9', 'a5'] as const;
export const BookTrimSchema = z.enum(BOOK_TRIMS);
export type BookTrim = z.infer<typeof BookTrimSchema>;

/** The typographic styles: body face, size, leading, chapter opener and ornament (`lambdas/.../book-styles.ts`). */
export const BOOK_STYLES = ['classic', 'modern', 'romance'] as const;
export const BookStyleSchema = z.enum(BOOK_STYLES);
export type BookStyle = z.infer<typeof BookStyleSchema>;

/** The glyphs a scene break may be drawn with: each is in the face the PDF draws ornaments with. */
export const SCENE_BREAK_ORNAMENTS = ['❧', '❦', '☙', '◆', '* * *', '•  •  •', '~', '§', '#'] as const;
export const SceneBreakOrnamentSchema = z.enum(SCENE_BREAK_ORNAMENTS, {
  error: `A scene break is one of ${SCENE_BREAK_ORNAMENTS.join(', ')}, or null for the style's own.`,
});

export const BOOK_TEXT_MAX_LENGTH = 10_000;
export const BOOK_SHORT_TEXT_MAX_LENGTH = 2_000;
export const MAX_ALSO_BY_TITLES = 50;

const bookText = (maximum: number) =>
  multiLineText()
    .trim()
    .max(maximum, `This text may be at most ${maximum.toLocaleString('en-US')} characters.`)
    .default('');

/** The pages before the first chapter; an empty text leaves its page out. */
export const FrontMatterSchema = z.strictObject({
  title_page: z.boolean().default(true),
  copyright_page: z.boolean().default(true),
  /** The year the copyright line states; null: the year the file is made. */
  copyright_year: z
    .number()
    .int('A year is a whole number.')
    .min(1000, 'A copyright year has four digits.')
    .max(9999, 'A copyright year has four digits.')
    .nullable()
    .default(null),
  /** The author's own copyright text; empty: "Copyright © year author. All rights reserved." */
  copyright_text: bookText(BOOK_SHORT_TEXT_MAX_LENGTH),
  dedication: bookText(BOOK_SHORT_TEXT_MAX_LENGTH),
  epigraph: bookText(BOOK_SHORT_TEXT_MAX_LENGTH),
  epigraph_source: singleLineText().trim().max(200, 'A source may be at most 200 characters.').default(''),
  table_of_contents: z.boolean().default(true),
});
export type FrontMatter = z.infer<typeof FrontMatterSchema>;

/** The pages after the last chapter; an empty text or list leaves its page out. */
export const BackMatterSchema = z.strictObject({
  acknowledgements: bookText(BOOK_TEXT_MAX_LENGTH),
  about_the_author: bookText(BOOK_TEXT_MAX_LENGTH),
  also_by: z
    .array(
      singleLineText()
        .trim()
        .min(1, 'A title cannot be blank.')
        .max(256, 'A title may be at most 256 characters.'),
    )
    .max(MAX_ALSO_BY_TITLES, `At most ${MAX_ALSO_BY_TITLES} titles can be listed.`)
    .default([]),
});
export type BackMatter = z.infer<typeof BackMatterSchema>;

/** A BCP 47 tag such as `en`, `en-GB`, `pt-BR`: the EPUB's and PDF's language. */
export const BookLanguageSchema = z
  .string()
  .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/, 'A language is a tag such as en, en-GB or fr.');

/**
 * The story's book settings. Every field has a default, so `{}` is valid and a client sends only what it sets;
 * a PUT replaces the whole settings (what it leaves out is back to its default). Unknown fields are refused,
 * so a misspelt field is a 400 rather than a setting silently not kept.
 */
export const BookSettingsSchema = z.strictObject({
  trim: BookTrimSchema.default('6x9'),
  style: BookStyleSchema.default('classic'),
  /** null: the style's own ornament. */
  scene_break: SceneBreakOrnamentSchema.nullable().default(null),
  /** The first letter of each chapter set large, two lines deep. */
  drop_cap: z.boolean().default(false),
  language: BookLanguageSchema.default('en'),
  front_matter: FrontMatterSchema.prefault({}),
  back_matter: BackMatterSchema.prefault({}),
});
export type BookSettings = z.infer<typeof BookSettingsSchema>;
export type BookSettingsRequest = z.input<typeof BookSettingsSchema>;

/** What a story has until its author saves settings of their own. */
export const DEFAULT_BOOK_SETTINGS: BookSettings = BookSettingsSchema.parse({});

/** Issue 27 §4: how many of the print book's first pages the preview draws. */
export const BOOK_PREVIEW_PAGES = 12;
/** The EPUB preview shows the front matter and this many chapters. */
export const BOOK_PREVIEW_CHAPTERS = 2;

/**
 * POST /api/stories/{storyId}/book/preview: the first pages of the book as the settings sent would make it
 * (the dialog's choices, saved or not; the saved settings when left out).
 */
export const BookPreviewRequestSchema = z.strictObject({
  format: z.enum(['pdf', 'epub'], { error: "A preview is of 'pdf' or 'epub'." }),
  settings: BookSettingsSchema.optional(),
});
export type BookPreviewRequest = z.infer<typeof BookPreviewRequestSchema>;

export const BookPreviewSchema = z.discriminatedUnion('format', [
  z.object({
    format: z.literal('pdf'),
    /** The first pages as a PDF, base64. */
    pdf: z.string(),
    /** How many pages the whole book has, and how many of them the preview holds. */
    page_count: z.number().int(),
    pages_shown: z.number().int(),
  }),
  z.object({
    format: z.literal('epub'),
    /** Each file of the book up to the preview's last chapter, as a whole HTML page with its styles. */
    documents: z.array(z.object({ title: z.string(), html: z.string() })),
  }),
]);
export type BookPreview = z.infer<typeof BookPreviewSchema>;
