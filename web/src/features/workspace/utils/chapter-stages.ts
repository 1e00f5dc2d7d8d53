import type { ChapterStage } from '../../../../../shared/schemas/chapter';

/** How the app names each stage. */
export const STAGE_LABELS: Record<ChapterStage, string> = {
  draft: 'Draft',
  revised: 'Revised',
  final: 'Final',
};

/** A stage's chip: its text on its background, and the stronger accent along the card's edge. */
export interface StageColours {
  text: string;
  background: string;
  accent: string;
}

/**
 * The stage colours of each scheme: amber, blue and green, as writers' index cards often are. Chosen by hand
 * rather than from the theme's palette roles, whose `main` colours do not all reach 4.5:1 under text; the chip
 * text reaches at least 4.5:1 on its background and on the card (checked in chapter-stages.test.ts).
 */
export const STAGE_COLOURS: Record<'light' | 'dark', Record<ChapterStage, StageColours>> = {
  light: {
    draft: { text: '#7a4100', background: '#fcefd9', accent: '#b86a12' },
    revised: { text: '#1d4e89', background: '#e4eefb', accent: '#3f7cc4' },
    final: { text: '#1f5f2c', background: '#e2f2e5', accent: '#3c8d4f' },
  },
  dark: {
    draft: { text: '#f6cd8c', background: '#3d2c14', accent: '#d99a3f' },
    revised: { text: '#b5d3f7', background: '#1c2d42', accent: '#6fa3df' },
    final: { text: '#ace2b7', background: '#1d3323', accent: '#62b475' },
  },
};
