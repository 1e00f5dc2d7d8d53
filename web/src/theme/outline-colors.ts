import { OUTLINE_CHIP_PALETTE, outlineChipIndex } from '../../../shared/outline';

/**
 * The dark scheme's companions of spec §9's palette, in its order: the same hues lightened until a section's dot
 * is ≥ 3:1 on the dark page (the light shades were 1.5–2.9:1 there) and the chip's dark ink is ≥ 4.5:1 on them.
 */
const DARK_SCHEME_PALETTE = [
  '#64b5f6',
  '#81c784',
  '#ce93d8',
  '#e57373',
  '#4dd0e1',
  '#f48fb1',
  '#bcaaa4',
  '#9fa8da',
  '#aed581',
  '#ffb74d',
] as const satisfies { length: (typeof OUTLINE_CHIP_PALETTE)['length'] };

const colourVariable = (index: number) => `--lw-outline-${index}`;
const INK_VARIABLE = '--lw-outline-ink';

/** An outline section's colour (its chip and its dot) as a CSS value that follows the page's colour scheme. */
export function outlineColour(header: string): string {
  return `var(${colourVariable(outlineChipIndex(header))})`;
}

/** The text on a section's chip: white on the light scheme's deep shades, dark ink on the dark scheme's light ones. */
export const OUTLINE_CHIP_INK = `var(${INK_VARIABLE})`;

const declarations = (palette: readonly string[], ink: string) => ({
  ...Object.fromEntries(palette.map((colour, index) => [colourVariable(index), colour])),
  [INK_VARIABLE]: ink,
});

/** The variables for the page's global styles: light by default, dark under the `.dark` scheme class. */
export const outlineColorVariables = {
  ':root': declarations(OUTLINE_CHIP_PALETTE, '#ffffff'),
  ':root.dark': declarations(DARK_SCHEME_PALETTE, '#1f1b17'),
};
