import { openSync, type Font } from 'fontkit';
import { serifFontPath, shippedFontPath } from '../export/font-files';
import { CJK_COVER_FONT } from './cover-fonts';

/**
 * A generated cover's title, drawn as outlines from fonts shipped with the function rather than as SVG text:
 * a Lambda has no system fonts, and the renderer would draw whatever it found (or empty boxes, "tofu") for
 * characters its fonts lack. Tinos Bold (the PDF export's serif, already beside each bundle that needs it)
 * covers Latin, Greek, Cyrillic and Hebrew; Noto Sans SC Bold adds Chinese and Japanese.
 */

let serifFont: Font | undefined;
let cjkFont: Font | undefined;

/**
 * The fonts that draw a title, tried in order for each character: Tinos Bold, then Noto Sans SC Bold only
 * when the title has a character Tinos lacks. Each is opened on first need and kept for the process: Noto's
 * file is 10 MB, which a Latin title never pays for.
 */
export function coverTitleFonts(title: string): readonly Font[] {
  serifFont ??= openSync(serifFontPath('bold'));
  if (fontsCover(title, [serifFont])) return [serifFont];
  cjkFont ??= openSync(shippedFontPath(CJK_COVER_FONT));
  return [serifFont, cjkFont];
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

/** A line split into runs that one font draws each (spaces go with the run before them). */
function runsOf(line: string, fonts: readonly Font[]): { font: Font; text: string }[] {
  const runs: { font: Font; text: string }[] = [];
  for (const character of line) {
    const font =
      (isSpace(character) ? runs.at(-1)?.font : undefined) ?? fontFor(character, fonts) ?? fonts[0]!;
    const last = runs.at(-1);
    if (last && last.font === font) last.text += character;
    else runs.push({ font, text: character });
  }
  return runs;
}

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
