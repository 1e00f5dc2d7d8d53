import type { Font } from 'fontkit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { coverTitleFonts, fontsCover, titlePaths } from '../../../../lambdas/domain/images/cover-title';

/** The text drawn white on black in the given fonts, 120 px square, as raw grey pixels. */
async function rendered(text: string, fonts = coverTitleFonts(text)): Promise<Buffer> {
  const paths = titlePaths([text], fonts, { fontSize: 80, centreX: 60, baselines: [90] }, '#ffffff');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><rect width="120" height="120" fill="#000000"/>${paths}</svg>`;
  return sharp(Buffer.from(svg)).greyscale().raw().toBuffer();
}

const inked = (pixels: Buffer) => pixels.filter((value) => value > 128).length;

/** The outline (`d`) of each glyph a title is drawn with. */
const outlinesOf = (title: string) =>
  [
    ...titlePaths(
      [title],
      coverTitleFonts(title),
      { fontSize: 30, centreX: 150, baselines: [150] },
      '#fff',
    ).matchAll(/ d="([^"]+)"/g),
  ].map((match) => match[1]);

/** The face of that family among those a title is drawn with. */
function fontNamed(title: string, family: string): Font {
  const font = coverTitleFonts(title).find((candidate) => candidate.familyName === family);
  if (font === undefined) throw new Error(`${family} is not among the fonts for "${title}"`);
  return font;
}

describe('cover titles', () => {
  it.each([
    ['Greek', 'Οδύσσεια'],
    ['Cyrillic', 'Война и мир'],
    ['Hebrew', 'סיפור'],
    ['Latin with accents', 'Les Misérables, Ærø'],
    ['Chinese', '红楼梦與紅樓夢'],
    ['Japanese', 'ノルウェイの森、東京物語'],
    ['mixed Latin and Japanese', 'Tokyo 東京'],
    ['Korean', '채식주의자'],
    ['Arabic', 'ألف ليلة وليلة، العربية'],
    ['Devanagari', 'हिन्दी की कहानी'],
    ['Thai', 'ความรักในสายลมหนาว'],
  ])('has a glyph for every character of a %s title', (_script, title) => {
    expect(fontsCover(title, coverTitleFonts(title))).toBe(true);
  });

  it('draws each letter as its own shape, not as the same box (tofu)', async () => {
    // Arrange: letters of five scripts; a font lacking them would draw one identical box for each.
    const letters = ['Ж', 'Ω', 'ש', '書', 'か'];

    // Act
    const drawings = await Promise.all(letters.map((letter) => rendered(letter)));

    // Assert
    for (const drawing of drawings) expect(inked(drawing)).toBeGreaterThan(100);
    for (const [index, drawing] of drawings.entries()) {
      for (const other of drawings.slice(index + 1)) expect(drawing.equals(other)).toBe(false);
    }
  });

  it.each([
    ['Chinese', '红楼梦'],
    ['Japanese', 'ひらがなと漢字'],
  ])('draws a %s title with a distinct outline for every character', (_script, title) => {
    const outlines = outlinesOf(title);

    expect(outlines).toHaveLength([...title].length);
    expect(new Set(outlines).size).toBe(outlines.length);
  });

  it('draws CJK from the fallback font, not as the serif font’s missing-glyph box', async () => {
    // Arrange: the serif font alone, as a Latin title gets it, has no glyph for 書 and draws its .notdef box.
    const serifOnly = coverTitleFonts('Latin');

    // Act
    const withFallback = await rendered('書');
    const withSerifOnly = await rendered('書', serifOnly);

    // Assert
    expect(serifOnly).toHaveLength(1);
    expect(withFallback.equals(withSerifOnly)).toBe(false);
  });

  it.each([
    ['Korean', '한국어', 'Noto Sans KR'],
    ['Arabic', 'العربية', 'Noto Sans Arabic'],
    ['Devanagari', 'हिन्दी', 'Noto Sans Devanagari'],
    ['Thai', 'ภาษาไทย', 'Noto Sans Thai'],
  ])('draws a %s title with outlines from %s, shaped, not missing-glyph boxes', (_script, title, family) => {
    // Arrange: the face's own shaping of the title, and its missing-glyph box (glyph 0).
    const face = fontNamed(title, family);
    const shaped = face.layout(title).glyphs.map((glyph) => glyph.path.toSVG());

    // Act
    const outlines = outlinesOf(title);

    // Assert
    expect(outlines.length).toBeGreaterThan(0);
    expect(outlines).toEqual(shaped.filter((outline) => outline !== ''));
    expect(outlines).not.toContain(face.layout('\u{10FFFD}').glyphs[0]!.path.toSVG());
  });

  it('joins Arabic letters and sets them right to left', () => {
    // Arrange: ليلة's letters each on their own, in their isolated forms.
    const title = 'ليلة';
    const arabic = fontNamed(title, 'Noto Sans Arabic');
    const isolated = [...title].map((letter) => arabic.glyphForCodePoint(letter.codePointAt(0)!));

    // Act
    const shaped = arabic.layout(title).glyphs;
    const outlines = outlinesOf(title);

    // Assert: the first letter (lam) takes its initial form, and is drawn rightmost.
    const firstLetterShape = shaped.at(-1)!;
    expect(firstLetterShape.id).not.toBe(isolated[0]!.id);
    expect(shaped.map((glyph) => glyph.id)).not.toContain(isolated[1]!.id);
    expect(outlines.at(-1)).toBe(firstLetterShape.path.toSVG());
  });

  it('sets a Devanagari vowel sign before its consonant and forms the conjunct', () => {
    const devanagari = fontNamed('हिन्दी', 'Noto Sans Devanagari');
    const outlineOf = (letter: string) => devanagari.glyphForCodePoint(letter.codePointAt(0)!).path.toSVG();

    // Act: हि is ह then the sign ि in memory; न्द is three code points.
    const syllable = outlinesOf('हि');
    const conjunct = outlinesOf('न्द');

    // Assert
    expect(syllable).toHaveLength(2);
    expect(syllable[1]).toBe(outlineOf('ह'));
    expect(conjunct.length).toBeLessThan(3);
  });

  it('places Thai tone marks and vowels above their consonant', async () => {
    // Act: ที่ is ท with the vowel ี and the tone mark ่ above it.
    const withMarks = await rendered('ที่');
    const consonantOnly = await rendered('ท');

    // Assert: the same consonant, with more ink from the marks over it rather than beside it.
    expect(outlinesOf('ที่')).toHaveLength(3);
    expect(inked(withMarks)).toBeGreaterThan(inked(consonantOnly));
  });

  it("opens each script's face only for a title that needs it", () => {
    const families = (title: string) => coverTitleFonts(title).map((font) => font.familyName);

    expect(families('The Long Night')).toEqual(['Tinos']);
    expect(families('한국어')).toEqual(['Tinos', 'Noto Sans KR']);
    expect(families('ภาษาไทย and 東京')).toEqual(['Tinos', 'Noto Sans SC', 'Noto Sans Thai']);
  });

  it('tells an emoji title that no shipped font can draw whole, so the cover goes without it', () => {
    expect(fontsCover('Dragons 🐉', coverTitleFonts('Dragons 🐉'))).toBe(false);
  });
});
