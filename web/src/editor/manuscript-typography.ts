import type { ManuscriptFont, TextSize } from '../../../shared/schemas/settings';

/**
 * The manuscript's type (Document Settings' 'Text size' and 'Font'). The default is the editor's long-standing
 * look: a book serif at 19 px with generous leading. The column is measured in `em`, so every size keeps
 * about 70 characters a line.
 */
export const TEXT_SIZE_OPTIONS: Record<TextSize, { label: string; px: number }> = {
  small: { label: 'Small', px: 17 },
  medium: { label: 'Medium', px: 19 },
  large: { label: 'Large', px: 21 },
  'x-large': { label: 'Extra large', px: 24 },
};

export const FONT_OPTIONS: Record<ManuscriptFont, { label: string; family: string }> = {
  serif: { label: 'Serif', family: '"Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif' },
  'sans-serif': {
    label: 'Sans-serif',
    family: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  monospace: { label: 'Typewriter', family: '"Courier Prime", "Courier New", Courier, monospace' },
};

/** Phones get the text a little smaller (17 px at the default) so a line still holds a phrase. */
const PHONE_SCALE = 17 / 19;
/** About 70 characters of the serif at any size: the text column's width in `em`. */
const MEASURE_EM = 35.5;

export interface ManuscriptTypography {
  fontFamily: string;
  /** px on phones and from `sm` up. */
  fontSize: { xs: string; sm: string };
  /** The text column's width, padding excluded. */
  measure: string;
}

export function manuscriptTypography(settings: {
  text_size?: TextSize;
  font?: ManuscriptFont;
}): ManuscriptTypography {
  const px = TEXT_SIZE_OPTIONS[settings.text_size ?? 'medium'].px;
  return {
    fontFamily: FONT_OPTIONS[settings.font ?? 'serif'].family,
    fontSize: { xs: `${Math.round(px * PHONE_SCALE * 100) / 100}px`, sm: `${px}px` },
    measure: `${MEASURE_EM}em`,
  };
}
