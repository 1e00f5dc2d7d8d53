import type { ImportedManuscript } from './manuscript-collector';
import { readManuscriptFile } from './manuscript-file';
import { titleFromFileName } from './manuscript-collector';
import { parseDocx } from './parse-docx';
import { parseMarkdown } from './parse-markdown';
import { parseText } from './parse-text';

export type { ImportedChapter, ImportedManuscript } from './manuscript-collector';

/**
 * A manuscript file (.docx, .md/.markdown or .txt) as chapters of stored paragraph JSON (issue 14 §1), or a
 * refusal as a domain error: 415 when the file is not what its extension says or is a kind not imported,
 * 413 over 15 MB, 400 when it is empty, encrypted or beyond a story's chapter or paragraph limits. Pure:
 * nothing is stored, so a refused file leaves nothing behind.
 */
export async function parseManuscript(file: Uint8Array, fileName: string): Promise<ImportedManuscript> {
  const source = await readManuscriptFile(file, fileName);
  const untitledChapterTitle = titleFromFileName(fileName);
  switch (source.kind) {
    case 'docx':
      return parseDocx(source.bytes, untitledChapterTitle);
    case 'markdown':
      return parseMarkdown(source.text, untitledChapterTitle);
    case 'text':
      return parseText(source.text, untitledChapterTitle);
  }
}
