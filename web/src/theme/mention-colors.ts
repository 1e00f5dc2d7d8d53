import type { AssociationType } from '../../../shared/schemas/associations';

interface MentionColors {
  /** Behind the words; light enough that the manuscript's ink keeps AA contrast on it. */
  tint: string;
  hover: string;
  /** The underline, at least 3:1 against the page (WCAG non-text contrast). */
  line: string;
}

/** Each kind of association's hue, per colour scheme: darker shades on the light page, lighter on the dark. */
const MENTION_COLORS: Record<'light' | 'dark', Record<AssociationType, MentionColors>> = {
  light: {
    character: { tint: 'rgba(47, 111, 168, 0.10)', hover: 'rgba(47, 111, 168, 0.2)', line: '#2f6fa8' },
    place: { tint: 'rgba(46, 125, 80, 0.10)', hover: 'rgba(46, 125, 80, 0.2)', line: '#2e7d50' },
    event: { tint: 'rgba(176, 96, 0, 0.10)', hover: 'rgba(176, 96, 0, 0.2)', line: '#a35a00' },
    item: { tint: 'rgba(123, 78, 163, 0.10)', hover: 'rgba(123, 78, 163, 0.2)', line: '#7b4ea3' },
  },
  dark: {
    character: { tint: 'rgba(122, 176, 226, 0.16)', hover: 'rgba(122, 176, 226, 0.28)', line: '#7ab0e2' },
    place: { tint: 'rgba(104, 196, 140, 0.16)', hover: 'rgba(104, 196, 140, 0.28)', line: '#68c48c' },
    event: { tint: 'rgba(232, 166, 80, 0.16)', hover: 'rgba(232, 166, 80, 0.28)', line: '#e8a650' },
    item: { tint: 'rgba(190, 152, 226, 0.16)', hover: 'rgba(190, 152, 226, 0.28)', line: '#be98e2' },
  },
};

/**
 * A kind's line colour as a plain value, for what draws outside CSS (a chart's SVG marks and their legend), in the
 * scheme shown.
 */
export const mentionLineColor = (scheme: 'light' | 'dark', type: AssociationType): string =>
  MENTION_COLORS[scheme][type].line;

const variableName = (type: AssociationType, part: keyof MentionColors) => `--lw-mention-${type}-${part}`;

/** A mention colour as a CSS value that follows the page's colour scheme. */
export function mentionColor(type: AssociationType, part: keyof MentionColors): string {
  return `var(${variableName(type, part)})`;
}

function declarations(colors: Record<AssociationType, MentionColors>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(colors).flatMap(([type, look]) =>
      Object.entries(look).map(([part, value]) => [
        variableName(type as AssociationType, part as keyof MentionColors),
        value,
      ]),
    ),
  );
}

/** The variables for the page's global styles: light by default, dark under the `.dark` scheme class. */
export const mentionColorVariables = {
  ':root': declarations(MENTION_COLORS.light),
  ':root.dark': declarations(MENTION_COLORS.dark),
};
