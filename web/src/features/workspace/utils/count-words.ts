import type { BlockItem } from '../../../../../shared/schemas/block';
// The editor's own rule, so the stored counts and the editor's live count agree.
import { countWords } from '../../../../../shared/word-count';

/** The text of a saved paragraph (its chunk's inline nodes); a chunk that cannot be read counts as empty. */
function paragraphText(chunk: string): string {
  try {
    const paragraph = JSON.parse(chunk) as { children?: unknown };
    if (!Array.isArray(paragraph.children)) return '';
    return paragraph.children
      .map((node: unknown) => {
        const text = (node as { text?: unknown }).text;
        return typeof text === 'string' ? text : ' ';
      })
      .join('');
  } catch {
    return '';
  }
}

/** The words of a chapter's stored paragraphs. Paragraphs are counted apart, so words never join across them. */
export function countStoredWords(items: readonly BlockItem[]): number {
  return items.reduce((total, item) => total + countWords(paragraphText(item.chunk.Value)), 0);
}
