import type { AssociationType } from '../../../../../shared/schemas/associations';
import { ASSOCIATION_MENTION_CLASS } from '../../nodes/association-node';

/**
 * Each kind of association has a hue, shown as a light tint behind the words and an underline in a darker
 * shade. The text keeps the manuscript's ink, so its contrast is untouched; the underlines stand at least 3:1
 * against the page (WCAG non-text contrast), and differ in pattern too, so the kinds are told apart
 * without colour.
 */
export const MENTION_LOOKS: Record<
  AssociationType,
  { tint: string; hover: string; line: string; pattern: string }
> = {
  character: {
    tint: 'rgba(47, 111, 168, 0.10)',
    hover: 'rgba(47, 111, 168, 0.2)',
    line: '#2f6fa8',
    pattern: 'solid',
  },
  place: {
    tint: 'rgba(46, 125, 80, 0.10)',
    hover: 'rgba(46, 125, 80, 0.2)',
    line: '#2e7d50',
    pattern: 'dashed',
  },
  event: {
    tint: 'rgba(176, 96, 0, 0.10)',
    hover: 'rgba(176, 96, 0, 0.2)',
    line: '#a35a00',
    pattern: 'dotted',
  },
  item: {
    tint: 'rgba(123, 78, 163, 0.10)',
    hover: 'rgba(123, 78, 163, 0.2)',
    line: '#7b4ea3',
    pattern: 'double',
  },
};

/** Global styles for mention elements, which Lexical renders outside React. */
export const mentionStyles = Object.fromEntries(
  Object.entries(MENTION_LOOKS).map(([type, look]) => [
    `.${ASSOCIATION_MENTION_CLASS}[data-association-type="${type}"]`,
    {
      backgroundColor: look.tint,
      borderBottom: `${look.pattern === 'double' ? 3 : 2}px ${look.pattern} ${look.line}`,
      borderRadius: '2px 2px 0 0',
      cursor: 'pointer',
      // Wrapped across lines, every fragment keeps its tint and underline.
      boxDecorationBreak: 'clone',
      WebkitBoxDecorationBreak: 'clone',
      transition: 'background-color 120ms ease',
      '&:hover': { backgroundColor: look.hover },
    },
  ]),
);
