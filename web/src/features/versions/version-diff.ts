import { diffWords } from 'diff';
import { paragraphText, parseParagraphChunk } from '../../../../shared/paragraph-text';

/** A run of the compared text: in both, only in the version, or only in the current text. */
export interface DiffPart {
  text: string;
  change: 'same' | 'onlyInVersion' | 'onlyInCurrent';
}

/** The visible text of stored paragraphs, a line per paragraph (mentions read as the text they show). */
export function chaptersText(chunks: readonly string[]): string {
  return chunks
    .map((chunk) => {
      const paragraph = parseParagraphChunk(chunk);
      return paragraph ? paragraphText(paragraph).text : '';
    })
    .join('\n');
}

/**
 * The version's text compared word by word with the current text: what restoring it would bring back is
 * `onlyInVersion`, what it would take away is `onlyInCurrent`.
 */
export function compareWithCurrent(versionText: string, currentText: string): DiffPart[] {
  return diffWords(currentText, versionText).map((part) => ({
    text: part.value,
    change: part.added ? 'onlyInVersion' : part.removed ? 'onlyInCurrent' : 'same',
  }));
}
