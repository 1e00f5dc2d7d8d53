import type { AssociationType } from '../../../../../shared/schemas/associations';
import { mentionColor } from '../../../theme/mention-colors';
import { ASSOCIATION_MENTION_CLASS } from '../../nodes/association-node';

/**
 * Each kind of association has a hue (per colour scheme, in `theme/mention-colors.ts`), shown as a light tint
 * behind the words and an underline in a stronger shade. The text keeps the manuscript's ink, so its contrast
 * is untouched; the underlines stand at least 3:1 against the page, and differ in pattern too, so the kinds
 * are told apart without colour.
 */
export const MENTION_LOOKS: Record<
  AssociationType,
  { tint: string; hover: string; line: string; pattern: string }
> = {
  character: { ...looksOf('character'), pattern: 'solid' },
  place: { ...looksOf('place'), pattern: 'dashed' },
  event: { ...looksOf('event'), pattern: 'dotted' },
  item: { ...looksOf('item'), pattern: 'double' },
};

function looksOf(type: AssociationType) {
  return {
    tint: mentionColor(type, 'tint'),
    hover: mentionColor(type, 'hover'),
    line: mentionColor(type, 'line'),
  };
}

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
