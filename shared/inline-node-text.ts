import type { InlineNode } from './schemas/paragraph';

/**
 * The text an inline node shows, as Lexical's `getTextContent()` gives it. Apart from `paragraph-text.ts` and its
 * schema, so the page's first script (`web/src/boot/`) reads a paragraph's text without zod.
 */
export function inlineNodeText(node: InlineNode): string {
  if (node.type === 'linebreak') return '\n';
  const text = (node as { text?: unknown }).text;
  return typeof text === 'string' ? text : '';
}
