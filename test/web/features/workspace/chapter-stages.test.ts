import { describe, expect, it } from 'vitest';
import { STAGE_COLOURS } from '../../../../web/src/features/workspace/utils/chapter-stages';

/** WCAG 2's contrast ratio of two '#rrggbb' colours. */
function contrast(first: string, second: string): number {
  const luminance = (hex: string) => {
    const [red, green, blue] = [1, 3, 5].map((start) => {
      const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((left, right) => right - left);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** The card's paper in each scheme (web/src/theme/theme.ts). */
const PAPER = { light: '#fffdf9', dark: '#211e1a' } as const;

describe('the stage colours', () => {
  it.each(['light', 'dark'] as const)('keep the chip text at 4.5:1 or more in the %s scheme', (scheme) => {
    for (const colours of Object.values(STAGE_COLOURS[scheme])) {
      expect(contrast(colours.text, colours.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colours.text, PAPER[scheme])).toBeGreaterThanOrEqual(4.5);
    }
  });
});
