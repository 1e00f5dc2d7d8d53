import { openSync, type Font } from 'fontkit';
import { serifFontPath, shippedFontPath } from '../export/font-files';
import { COVER_FALLBACK_FONTS, type CoverFallbackFont } from './cover-fonts';

/**
 * A generated cover's title, drawn as outlines from fonts shipped with the function rather than as SVG text:
 * a Lambda has no system fonts, and the renderer would draw whatever it found (or empty boxes, "tofu") for
 * characters its fonts lack. Tinos Bold (the PDF export's serif, already beside each bundle that needs it)
 * covers Latin, Greek, Cyrillic and Hebrew; Noto Sans SC Bold adds Chinese and Japanese, and Noto Sans KR,
 * Arabic, Devanagari and Thai (Bold) their scripts. Each run of one font is shaped by fontkit's OpenType
 * layout, which joins Arabic letters and orders them right to left, reorders Devanagari vowel signs and forms
 * its conjuncts, and places Thai marks.
 */

let serifFont: Font | undefined;
const fallbackFonts = new Map<CoverFallbackFont, Font>();

function openedFallback(fallback: CoverFallbackFont): Font {
  const known = fallbackFonts.get(fallback);
  if (known !== undefined) return known;
  const font = openSync(shippedFontPath(fallback));
  fallbackFonts.set(fallback, font);
  return font;
}

/**
 * The fonts that draw a title, tried in order for each character: Tinos Bold, then the fallback faces (in
 * their list's order) for the characters Tinos lacks that each is for. Each is opened on first need and kept
 * for the process: Noto Sans SC's file is 10 MB and KR's 6 MB, which a Latin title never pays for.
 */
export function coverTitleFonts(title: string): readonly Font[] {
  serifFont ??= openSync(serifFontPath('bold'));
  const serif = serifFont;
  const lacking = [...title].filter(
    (character) => !isSpace(character) && fontFor(character, [serif]) === undefined,
  );
  const needed = COVER_FALLBACK_FONTS.filter((fallback) =>
    lacking.some((character) => fallback.opensFor.test(character)),
  );
  return [serif, ...needed.map(openedFallback)];
}

const isSpace = (character: string) => /\s/u.test(character);

/** The font that draws a character, or undefined when none of the shipped fonts has it. */
function fontFor(character: string, fonts: readonly Font[]): Font | undefined {
  return fonts.find((font) => font.hasGlyphForCodePoint(character.codePointAt(0)!));
}

/** Whether every character of the text has a glyph in one of the fonts (spaces need none). */
export function fontsCover(text: string, fonts: readonly Font[]): boolean {
  return [...text].every((character) => isSpace(character) || fontFor(character, fonts) !== undefined);
}

/** Marks (vowel signs, tone marks, harakat) and joiners, which shaping needs in the run of the letter before. */
const isMarkOrJoiner = (character: string) => /[\p{M}\u200C\u200D]/u.test(character);

/** The run's font keeps a space, or a mark or joiner it has a glyph for, with the letter before. */
function staysInRun(character: string, runFont: Font | undefined): boolean {
  if (runFont === undefined) return false;
  if (isSpace(character)) return true;
  return isMarkOrJoiner(character) && runFont.hasGlyphForCodePoint(character.codePointAt(0)!);
}

/**
 * A line split into runs that one font draws each, in the order they are drawn left to right: a line whose
 * first letter is of a right-to-left script (Arabic, Hebrew) puts its first run rightmost. Within a run,
 * fontkit's layout gives the glyphs in visual order already.
 */
function runsOf(line: string, fonts: readonly Font[]): { font: Font; text: string }[] {
  const runs: { font: Font; text: string }[] = [];
  for (const character of line) {
    const runFont = runs.at(-1)?.font;
    const font =
      (staysInRun(character, runFont) ? runFont : undefined) ?? fontFor(character, fonts) ?? fonts[0]!;
    const last = runs.at(-1);
    if (last && last.font === font) last.text += character;
    else runs.push({ font, text: character });
  }
  return startsRightToLeft(line) ? runs.reverse() : runs;
}

/** Whether the line's first letter is Arabic or Hebrew. */
const startsRightToLeft = (line: string) => /^\P{L}*[\p{Script=Arab}\p{Script=Hebr}]/u.test(line);

export interface TitleLayout {
  fontSize: number;
  /** The horizontal centre of every line. */
  centreX: number;
  /** Each line's baseline, top to bottom. */
  baselines: number[];
}

/** The lines as SVG paths in `fill`, each centred on `centreX` on its baseline. */
export function titlePaths(
  lines: string[],
  fonts: readonly Font[],
  layout: TitleLayout,
  fill: string,
): string {
  return lines
    .map((line, index) => {
      const glyphs = runsOf(line, fonts).flatMap(({ font, text }) => {
        const scale = layout.fontSize / font.unitsPerEm;
        const run = font.layout(text);
        return run.glyphs.map((glyph, glyphIndex) => ({
          glyph,
          position: run.positions[glyphIndex]!,
          scale,
        }));
      });
      const width = glyphs.reduce((sum, { position, scale }) => sum + position.xAdvance * scale, 0);
      let x = layout.centreX - width / 2;
      const baseline = layout.baselines[index]!;
      return glyphs
        .map(({ glyph, position, scale }) => {
          const originX = x + position.xOffset * scale;
          x += position.xAdvance * scale;
          const outline = glyph.path.toSVG();
          if (outline === '') return '';
          // Font units point up; SVG's y axis points down.
          const transform = `translate(${originX.toFixed(2)} ${(baseline - position.yOffset * scale).toFixed(2)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})`;
          return `<path transform="${transform}" d="${outline}" fill="${fill}"/>`;
        })
        .join('');
    })
    .join('');
}
