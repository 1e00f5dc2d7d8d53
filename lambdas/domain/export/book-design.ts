import type { BookSettings, BookStyle, BookTrim } from '../../../shared/schemas/book';
import type { FontFace, ShippedFont } from './font-files';

/**
 * Issue 27 §2: the print book's measurements and its three styles, in points (1/72 inch). The print PDF
 * (`print-book-layout.ts`) sets every page from these; the EPUB takes a style's ornament.
 */

const INCH = 72;
const MILLIMETRE = INCH / 25.4;

/** Each trim's page, width by height. */
export const TRIM_SIZES: Record<BookTrim, { width: number; height: number }> = {
  '5x8': { width: 5 * INCH, height: 8 * INCH },
  '5.25x8': { width: 5.25 * INCH, height: 8 * INCH },
  '5.5x8.5': { width: 5.5 * INCH, height: 8.5 * INCH },
  '6x9': { width: 6 * INCH, height: 9 * INCH },
  a5: { width: 148 * MILLIMETRE, height: 210 * MILLIMETRE },
};

/**
 * KDP's minimum inside margin (the gutter) for a paperback of so many pages: the thicker the book, the more of
 * the page the binding swallows.
 */
export function kdpGutter(pageCount: number): number {
  if (pageCount <= 150) return 0.375 * INCH;
  if (pageCount <= 300) return 0.5 * INCH;
  if (pageCount <= 500) return 0.625 * INCH;
  if (pageCount <= 700) return 0.75 * INCH;
  return 0.875 * INCH;
}

/** The margins every trim shares; the inside one is the gutter plus `INSIDE_BEYOND_GUTTER`. */
export const PRINT_MARGINS = {
  top: 0.8 * INCH,
  bottom: 0.75 * INCH,
  outside: 0.5 * INCH,
  /** Beyond KDP's minimum gutter, so the text sits as far from the fold as the outside margin allows for. */
  insideBeyondGutter: 0.25 * INCH,
  /** The top of the running head's line, from the page's top edge. */
  runningHead: 0.42 * INCH,
};

export type BodyFaces = Record<FontFace, ShippedFont>;

export interface BookStyleDesign {
  /** The style's name as the settings show it. */
  name: string;
  body: BodyFaces;
  bodySize: number;
  /** Baseline to baseline. */
  leading: number;
  /** A body paragraph's first-line indent, in ems of the body size. */
  indentEms: number;
  /** The chapter title's face and size; `titleCase` uppercases it (set letter-spaced, as small capitals). */
  heading: { font: ShippedFont; size: number; titleCase: boolean; characterSpacing: number };
  /** A chapter opener: its number above the title as a large numeral, or only the title. */
  chapterNumber: 'numeral' | 'none';
  /** Where the opener's first line starts, as a share of the text block's height. */
  sinkage: number;
  /** The ornament drawn under an opener's title, if any. */
  openerOrnament: boolean;
  align: 'center' | 'left';
  /** The running heads: italic or letter-spaced capitals, a little smaller than the body. */
  runningHead: 'italic' | 'capitals';
  ornament: string;
}

const family = (packageName: string, fileStem: string): BodyFaces => ({
  regular: { packageName, fileInPackage: `400Regular/${fileStem}_400Regular.ttf` },
  italic: { packageName, fileInPackage: `400Regular_Italic/${fileStem}_400Regular_Italic.ttf` },
  bold: { packageName, fileInPackage: `700Bold/${fileStem}_700Bold.ttf` },
  boldItalic: { packageName, fileInPackage: `700Bold_Italic/${fileStem}_700Bold_Italic.ttf` },
});

const GARAMOND = family('@expo-google-fonts/eb-garamond', 'EBGaramond');
const LORA = family('@expo-google-fonts/lora', 'Lora');
const CRIMSON = family('@expo-google-fonts/crimson-pro', 'CrimsonPro');
const GREAT_VIBES: ShippedFont = {
  packageName: '@expo-google-fonts/great-vibes',
  fileInPackage: '400Regular/GreatVibes_400Regular.ttf',
};

/** Ornaments are drawn in EB Garamond, which has every glyph a scene break may be (`SCENE_BREAK_ORNAMENTS`). */
export const ORNAMENT_FONT: ShippedFont = GARAMOND.regular;

/**
 * Classic: EB Garamond, letter-spaced capitals for titles and heads, a fleuron under the title. Modern: Lora,
 * a large numeral over a left-aligned title, italic heads. Romance: Crimson Pro with titles in Great Vibes.
 */
export const BOOK_STYLE_DESIGNS: Record<BookStyle, BookStyleDesign> = {
  classic: {
    name: 'Classic',
    body: GARAMOND,
    bodySize: 11.5,
    leading: 15,
    indentEms: 1.5,
    heading: { font: GARAMOND.regular, size: 15, titleCase: true, characterSpacing: 2 },
    chapterNumber: 'none',
    sinkage: 0.22,
    openerOrnament: true,
    align: 'center',
    runningHead: 'capitals',
    ornament: '❧',
  },
  modern: {
    name: 'Modern',
    body: LORA,
    bodySize: 10,
    leading: 15,
    indentEms: 1.2,
    heading: { font: LORA.italic, size: 17, titleCase: false, characterSpacing: 0 },
    chapterNumber: 'numeral',
    sinkage: 0.12,
    openerOrnament: false,
    align: 'left',
    runningHead: 'italic',
    ornament: '* * *',
  },
  romance: {
    name: 'Romance',
    body: CRIMSON,
    bodySize: 12,
    leading: 15.5,
    indentEms: 1.5,
    heading: { font: GREAT_VIBES, size: 30, titleCase: false, characterSpacing: 0 },
    chapterNumber: 'none',
    sinkage: 0.2,
    openerOrnament: true,
    align: 'center',
    runningHead: 'italic',
    ornament: '❦',
  },
};

/** The scene break's ornament in the book: the author's choice, or the style's own. */
export function sceneBreakOrnament(settings: BookSettings): string {
  return settings.scene_break ?? BOOK_STYLE_DESIGNS[settings.style].ornament;
}

/** Every TTF the print book may embed: the export worker ships these beside its bundle. */
export const BOOK_FONTS: readonly ShippedFont[] = [
  ...new Map(
    Object.values(BOOK_STYLE_DESIGNS)
      .flatMap((style) => [...Object.values(style.body), style.heading.font])
      .concat(ORNAMENT_FONT)
      .map((font) => [`${font.packageName}/${font.fileInPackage}`, font]),
  ).values(),
];
