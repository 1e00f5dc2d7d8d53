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

describe('cover titles', () => {
  it.each([
    ['Greek', 'Οδύσσεια'],
    ['Cyrillic', 'Война и мир'],
    ['Hebrew', 'סיפור'],
    ['Latin with accents', 'Les Misérables, Ærø'],
    ['Chinese', '红楼梦與紅樓夢'],
    ['Japanese', 'ノルウェイの森、東京物語'],
    ['mixed Latin and Japanese', 'Tokyo 東京'],
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
    ['Korean', '한국어'],
    ['Arabic', 'العربية'],
    ['Devanagari', 'हिन्दी'],
    ['Thai', 'ภาษาไทย'],
    ['emoji', 'Dragons 🐉'],
  ])(
    'tells a %s title that no shipped font can draw whole, so the cover goes without it',
    (_script, title) => {
      expect(fontsCover(title, coverTitleFonts(title))).toBe(false);
    },
  );
});
