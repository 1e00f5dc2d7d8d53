import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { coverTitleFonts, fontsCover, titlePaths } from '../../../../lambdas/domain/images/cover-title';

/** The title drawn white on black, 120 px square, as raw grey pixels. */
async function rendered(text: string): Promise<Buffer> {
  const paths = titlePaths(
    [text],
    coverTitleFonts(),
    { fontSize: 80, centreX: 60, baselines: [90] },
    '#ffffff',
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><rect width="120" height="120" fill="#000000"/>${paths}</svg>`;
  return sharp(Buffer.from(svg)).greyscale().raw().toBuffer();
}

const inked = (pixels: Buffer) => pixels.filter((value) => value > 128).length;

describe('cover titles', () => {
  it.each([
    ['Greek', 'Οδύσσεια'],
    ['Cyrillic', 'Война и мир'],
    ['Hebrew', 'סיפור'],
    ['Latin with accents', 'Les Misérables, Ærø'],
  ])('has a glyph for every character of a %s title', (_script, title) => {
    expect(fontsCover(title, coverTitleFonts())).toBe(true);
  });

  it('draws each letter as its own shape, not as the same box (tofu)', async () => {
    // Arrange: letters of three scripts; a font lacking them would draw one identical box for each.
    const letters = ['Ж', 'Ω', 'ש'];

    // Act
    const drawings = await Promise.all(letters.map(rendered));

    // Assert
    for (const drawing of drawings) expect(inked(drawing)).toBeGreaterThan(100);
    expect(drawings[0]!.equals(drawings[1]!)).toBe(false);
    expect(drawings[1]!.equals(drawings[2]!)).toBe(false);
    expect(drawings[0]!.equals(drawings[2]!)).toBe(false);
  });

  it('tells a title that no shipped font can draw whole (CJK), so the cover goes without it', () => {
    // CJK needs a CJK font (Noto Sans CJK), which is not shipped yet.
    expect(fontsCover('東京物語', coverTitleFonts())).toBe(false);
  });
});
